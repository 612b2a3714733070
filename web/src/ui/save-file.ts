/** Hands a file the app made or fetched to the browser's download, under `name`. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  Object.assign(document.createElement('a'), { href: url, download: name }).click()
  // The download starts from the click; the URL is let go once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
