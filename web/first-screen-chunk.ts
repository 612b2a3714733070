/**
 * The signed-in first screens (the shell, home and the task list) in three chunks instead of ~66
 * small ones: a phone pays a round trip per file, and Lighthouse's simulation charges every request
 * (docs/decisions.md, "The first screens' requests"). /login must not grow, so the chunks hold only
 * modules that /login's chunks do not. Which modules each screen loads is known only after a build
 * (barrels such as `@mantine/core` make the import graph name all of Mantine), so
 * `scripts/build-web.mjs` builds twice: the first build records them (`RECORD_ENV`), the second
 * groups by the record (`GROUP_ENV`). With neither set (the dev server, tests, the pre-render's
 * builds) nothing changes.
 */
import fs from 'node:fs'
import type { Plugin } from 'vite'

export const RECORD_ENV = 'DAFTAR_RECORD_FIRST_SCREENS'
export const GROUP_ENV = 'DAFTAR_FIRST_SCREENS'

/** The first screens: each one's module, as the build's manifest names it, and the chunk it goes into. */
const SCREENS = {
  shell: { module: 'src/app/shell/AppLayout.tsx', chunk: 'shell' },
  home: { module: 'src/features/home/HomePage.tsx', chunk: 'home' },
  taskList: { module: 'src/features/tasks/TaskListPage.tsx', chunk: 'task-list' },
} as const

/** The chunk each first screen's module is in, by module (the manifest keys no grouped module). */
export const FIRST_SCREEN_CHUNKS: Record<string, string> = Object.fromEntries(
  Object.values(SCREENS).map(({ module, chunk }) => [module, chunk]),
)

const inWeb = (file: string) => new URL(`./${file}`, import.meta.url).pathname
/**
 * What /login loads, as the manifest names it: the entry (index.html, which loads src/main.tsx), the
 * sign-in page and, once the page is idle, the toast container. None of it may load a grouped chunk.
 */
export const SIGNED_OUT_MODULES = ['index.html', 'src/features/auth/LoginPage.tsx', 'src/app/Toasts.tsx']

/** The modules each screen's chunks hold, by screen: what the first build found. */
type Record_ = { signIn: string[]; shell: string[]; home: string[]; taskList: string[] }

type OutputChunk = {
  type: 'chunk'
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  imports: string[]
  moduleIds: string[]
}

/** The modules of the chunks a page loads: its own chunk's, and those of every chunk it imports. */
function modulesLoadedBy(chunks: OutputChunk[], roots: string[]) {
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const seen = new Set<string>()
  const modules = new Set<string>()
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk.fileName)) return
    seen.add(chunk.fileName)
    for (const id of chunk.moduleIds) modules.add(id)
    for (const name of chunk.imports) visit(byName.get(name))
  }
  for (const root of roots) {
    const chunk = chunks.find((c) => c.facadeModuleId === root)
    if (!chunk) throw new Error(`The build has no chunk for ${root} to record`)
    visit(chunk)
  }
  return [...modules]
}

/** Writes what /login and each first screen load to `file`. */
function recordFirstScreens(file: string): Plugin {
  const loadedBy = (chunks: OutputChunk[], screen: keyof typeof SCREENS) =>
    modulesLoadedBy(chunks, [inWeb(SCREENS[screen].module)])
  return {
    name: 'daftar:record-first-screens',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as OutputChunk[]
      const record: Record_ = {
        signIn: modulesLoadedBy(chunks, SIGNED_OUT_MODULES.map(inWeb)),
        shell: loadedBy(chunks, 'shell'),
        home: loadedBy(chunks, 'home'),
        taskList: loadedBy(chunks, 'taskList'),
      }
      fs.writeFileSync(file, JSON.stringify(record))
    },
  }
}

/**
 * The chunk of each grouped module: what the shell loads, or both pages do, goes into `shell`; what
 * only home or only the task list loads, into `home` or `task-list`; what /login loads stays where the
 * first build put it. A chunk's modules import only modules its screen loads, so a module's imports
 * are in its own chunk, in `shell` or in /login's, and no chunk depends on one that depends on it.
 */
function chunkByModule(record: Record_) {
  const { shell, home, taskList } = SCREENS
  const signIn = new Set(record.signIn)
  const onHome = new Set(record.home)
  const chunks = new Map<string, string>()
  const put = (modules: string[], chunk: string) => {
    for (const id of modules) if (!signIn.has(id) && !chunks.has(id)) chunks.set(id, chunk)
  }
  put(record.shell, shell.chunk)
  put(
    record.taskList.filter((id) => onHome.has(id)),
    shell.chunk,
  )
  put(record.home, home.chunk)
  put(record.taskList, taskList.chunk)
  return chunks
}

/** The plugins and the `codeSplitting` option for this build, from the environment. */
export function firstScreenChunks(env: NodeJS.ProcessEnv) {
  const recordTo = env[RECORD_ENV]
  const groupBy = env[GROUP_ENV]
  if (groupBy) {
    const chunks = chunkByModule(JSON.parse(fs.readFileSync(groupBy, 'utf8')))
    return {
      plugins: [],
      // Not recursively: a grouped module's imports that /login loads stay in /login's chunks.
      codeSplitting: {
        includeDependenciesRecursively: false,
        groups: [{ name: (id: string) => chunks.get(id) ?? null, debugName: 'first-screens' }],
      },
    }
  }
  return { plugins: recordTo ? [recordFirstScreens(recordTo)] : [], codeSplitting: undefined }
}
