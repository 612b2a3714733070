/** Writes a .br and a .gz twin beside every compressible file under `dir` (see precompress.mjs). */
export function precompress(dir: string): void
