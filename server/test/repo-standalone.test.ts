import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The repo stands alone: comments and test names cite docs/ (docs/product.md for the rules), never
 * documents kept outside the repo. This scan keeps citations of them from coming back.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const scanned = ['domain/src', 'server/src', 'server/test', 'web/src', 'e2e', 'scripts', 'bench']
const extensions = new Set(['.ts', '.tsx', '.mjs', '.css'])
const skippedDirs = new Set(['node_modules', 'dist', 'results', 'test-results', 'playwright-report'])
const self = fileURLToPath(import.meta.url)

/** A section sign with a number ("§4"), "spec 2", "DESIGN §", "DESIGN.md" or a path under /shared/. */
const outsideCitation = /§\s*\d|\bspec\s+\d+\b|\bDESIGN\s*§|\bDESIGN\.md\b|\/shared\//i

function* sourceFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!skippedDirs.has(entry.name) && !entry.name.startsWith('.')) yield* sourceFiles(full)
    } else if (extensions.has(path.extname(entry.name)) && full !== self) {
      yield full
    }
  }
}

/** `path:line: text` of every line that cites a document outside the repo. */
function outsideCitations(): string[] {
  const found: string[] = []
  for (const dir of scanned) {
    for (const file of sourceFiles(path.join(root, dir))) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (outsideCitation.test(line)) found.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`)
        })
    }
  }
  return found
}

/** `(docs/product.md, "Task lifecycle")`, `docs/product.md ("Staff reports")`, `(README, "Run it")`. */
const docCitation = /\b(docs\/[a-z-]+\.md|README)\b,?\s*\(?"([^"]+)"/g

/** What a citation may name in a document: its headings and its bold items, in lower case. */
function anchorsOf(doc: string): string[] {
  const text = fs.readFileSync(path.join(root, doc), 'utf8')
  const headings = [...text.matchAll(/^#+\s+(.+)$/gm)].map((m) => m[1]!)
  const bold = [...text.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]!)
  return [...headings, ...bold].map((a) => a.trim().toLowerCase())
}

/** `path:line: doc "name"` of every citation whose document has no heading or bold item starting so. */
function danglingCitations(): string[] {
  const anchors = new Map<string, string[]>()
  const found: string[] = []
  const files = [...scanned.flatMap((dir) => [...sourceFiles(path.join(root, dir))])]
  for (const file of files) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const [, cited, name] of line.matchAll(docCitation)) {
          const doc = cited === 'README' ? 'README.md' : cited!
          if (!fs.existsSync(path.join(root, doc))) {
            found.push(`${path.relative(root, file)}:${i + 1}: ${doc} does not exist`)
            continue
          }
          if (!anchors.has(doc)) anchors.set(doc, anchorsOf(doc))
          if (!anchors.get(doc)!.some((a) => a.startsWith(name!.toLowerCase())))
            found.push(`${path.relative(root, file)}:${i + 1}: ${doc} "${name}"`)
        }
      })
  }
  return found
}

describe('the repo stands alone', () => {
  it('the pattern catches each way of citing an outside document, and not plain words', () => {
    for (const cited of [
      '(spec §6)',
      'Spec §9:',
      'spec 2 §4',
      'DESIGN §5',
      'see DESIGN.md',
      '/work/shared/spec',
    ])
      expect(outsideCitation.test(cited), cited).toBe(true)
    for (const plain of ["the spec's message", 'spec.table', '(docs/product.md, "Task lifecycle")'])
      expect(outsideCitation.test(plain), plain).toBe(false)
  })

  it('no source file cites the spec or DESIGN: comments cite docs/ instead', () => {
    expect(outsideCitations()).toEqual([])
  })

  it('every docs/ citation names a heading or a bold item that exists in that document', () => {
    expect(danglingCitations()).toEqual([])
  })
})
