import { describe, expect, it } from 'vitest'
import {
  commentInput,
  deletedQuery,
  finishedQuery,
  isPastDeadline,
  matchesTaskSearch,
  sortTasks,
  TASK_STATUS,
  type TaskStatus,
  taskEndpoints,
  taskFormInput,
  taskInput,
  taskMessages,
  taskPermissions,
  taskTab,
} from './tasks.ts'

const { inProgress, pendingApproval, completed, deleted } = TASK_STATUS
const ALL: TaskStatus[] = [inProgress, pendingApproval, completed, deleted]

/** creator → middle → assignee, everyone registered unless told otherwise. */
function subject(
  status: TaskStatus,
  options: { creator?: boolean; assignee?: boolean; chain?: string[] } = {},
) {
  return {
    assignment_chain: options.chain ?? ['creator', 'middle', 'assignee'],
    status,
    creator_registered: options.creator ?? true,
    assignee_registered: options.assignee ?? true,
  }
}

/** The statuses in which `who` may do `action` on the task built by `options`. */
function allowedIn(
  action: Exclude<keyof typeof taskPermissions, 'comment'>,
  who: string,
  options: Parameters<typeof subject>[1] = {},
) {
  return ALL.filter((s) => taskPermissions[action](subject(s, options), who))
}

describe('taskPermissions: who may act on a task', () => {
  it('approve and reject: the creator only, and only while Pending Approval', () => {
    expect(allowedIn('approveOrReject', 'creator')).toEqual([pendingApproval])
    expect(allowedIn('approveOrReject', 'assignee')).toEqual([])
    expect(allowedIn('approveOrReject', 'middle')).toEqual([])
    expect(allowedIn('approveOrReject', 'outsider')).toEqual([])
    // An unregistered creator does not hand approval to the assignee.
    expect(allowedIn('approveOrReject', 'assignee', { creator: false })).toEqual([])
  })

  it('edit: the creator while In Progress; the assignee only when the creator is unregistered', () => {
    expect(allowedIn('edit', 'creator')).toEqual([inProgress])
    expect(allowedIn('edit', 'assignee')).toEqual([])
    expect(allowedIn('edit', 'middle')).toEqual([])
    expect(allowedIn('edit', 'assignee', { creator: false })).toEqual([inProgress])
    expect(allowedIn('edit', 'middle', { creator: false })).toEqual([])
    expect(allowedIn('edit', 'outsider', { creator: false })).toEqual([])
  })

  it('complete: the assignee while In Progress; the creator only when the assignee is unregistered', () => {
    expect(allowedIn('complete', 'assignee')).toEqual([inProgress])
    expect(allowedIn('complete', 'creator')).toEqual([])
    expect(allowedIn('complete', 'middle')).toEqual([])
    expect(allowedIn('complete', 'creator', { assignee: false })).toEqual([inProgress])
    expect(allowedIn('complete', 'middle', { assignee: false })).toEqual([])
  })

  it('delete: the creator unless Completed or Deleted; the assignee when the creator is unregistered', () => {
    expect(allowedIn('delete', 'creator')).toEqual([inProgress, pendingApproval])
    expect(allowedIn('delete', 'assignee')).toEqual([])
    expect(allowedIn('delete', 'middle')).toEqual([])
    expect(allowedIn('delete', 'assignee', { creator: false })).toEqual([inProgress, pendingApproval])
    expect(allowedIn('delete', 'middle', { creator: false })).toEqual([])
  })

  it('a task assigned to its creator (chain of one) is the creator’s to do every action on', () => {
    const chain = ['solo']
    expect(allowedIn('edit', 'solo', { chain })).toEqual([inProgress])
    expect(allowedIn('complete', 'solo', { chain })).toEqual([inProgress])
    expect(allowedIn('approveOrReject', 'solo', { chain })).toEqual([pendingApproval])
    expect(allowedIn('delete', 'solo', { chain })).toEqual([inProgress, pendingApproval])
  })

  it('forward: the current assignee of an In Progress task only', () => {
    expect(allowedIn('forward', 'assignee')).toEqual([inProgress])
    expect(allowedIn('forward', 'creator')).toEqual([])
    expect(allowedIn('forward', 'middle')).toEqual([])
  })

  it('comments are allowed unless the task is Completed or Deleted', () => {
    expect(ALL.filter((s) => taskPermissions.comment(subject(s)))).toEqual([inProgress, pendingApproval])
  })
})

describe('taskTab: which tab an active task is in', () => {
  const task = (status: TaskStatus, chain: string[], cc: string[] = []) => ({
    status,
    assignment_chain: chain,
    cc,
  })

  it('My Tasks: In Progress where I am the current assignee, or CC’d', () => {
    expect(taskTab(task(inProgress, ['a', 'b']), 'b')).toBe('my')
    expect(taskTab(task(inProgress, ['a']), 'a')).toBe('my')
    expect(taskTab(task(inProgress, ['a', 'b'], ['c']), 'c')).toBe('my')
    // Forwarded back to the creator: the creator is the current assignee again.
    expect(taskTab(task(inProgress, ['a', 'b', 'a']), 'a')).toBe('my')
  })

  it('Delegated: In Progress where I am earlier in the chain', () => {
    expect(taskTab(task(inProgress, ['a', 'b']), 'a')).toBe('delegated')
    expect(taskTab(task(inProgress, ['a', 'b', 'c']), 'b')).toBe('delegated')
  })

  it('Approval: My Approval for the creator, Others’ Approval for the rest of the chain and CC', () => {
    expect(taskTab(task(pendingApproval, ['a', 'b']), 'a')).toBe('myApproval')
    expect(taskTab(task(pendingApproval, ['a']), 'a')).toBe('myApproval')
    expect(taskTab(task(pendingApproval, ['a', 'b', 'c']), 'b')).toBe('othersApproval')
    expect(taskTab(task(pendingApproval, ['a', 'b', 'c']), 'c')).toBe('othersApproval')
    expect(taskTab(task(pendingApproval, ['a', 'b'], ['d']), 'd')).toBe('othersApproval')
  })

  it('no tab for outsiders or for finished and deleted tasks', () => {
    expect(taskTab(task(inProgress, ['a', 'b'], ['c']), 'z')).toBeNull()
    expect(taskTab(task(pendingApproval, ['a', 'b']), 'z')).toBeNull()
    expect(taskTab(task(completed, ['a', 'b'], ['c']), 'a')).toBeNull()
    expect(taskTab(task(completed, ['a', 'b'], ['c']), 'b')).toBeNull()
    expect(taskTab(task(deleted, ['a', 'b'], ['c']), 'c')).toBeNull()
  })
})

describe('sortTasks: by deadline (none last) or added date', () => {
  const tasks = [
    { id: 'late', deadline: '2024-09-01', added_date: '2024-01-01T00:00:00.000Z' },
    { id: 'none-old', deadline: null, added_date: '2024-01-02T00:00:00.000Z' },
    { id: 'soon', deadline: '2024-03-01', added_date: '2024-01-05T00:00:00.000Z' },
    { id: 'none-new', deadline: null, added_date: '2024-01-06T00:00:00.000Z' },
    { id: 'mid', deadline: '2024-06-01', added_date: '2024-01-03T00:00:00.000Z' },
  ]
  const ids = (list: { id: string }[]) => list.map((t) => t.id)

  it('deadline: earliest first, tasks without a deadline last (oldest first among them)', () => {
    expect(ids(sortTasks(tasks, 'deadline'))).toEqual(['soon', 'mid', 'late', 'none-old', 'none-new'])
  })

  it('firstAdded and lastAdded order by the added date', () => {
    expect(ids(sortTasks(tasks, 'firstAdded'))).toEqual(['late', 'none-old', 'mid', 'soon', 'none-new'])
    expect(ids(sortTasks(tasks, 'lastAdded'))).toEqual(['none-new', 'soon', 'mid', 'none-old', 'late'])
  })

  it('leaves the input untouched', () => {
    const before = ids(tasks)
    sortTasks(tasks, 'lastAdded')
    expect(ids(tasks)).toEqual(before)
  })
})

describe('matchesTaskSearch: title, project, client, chain', () => {
  const task = {
    title: 'Install Inverter',
    project: 'Solar Plant',
    client: 'Acme Industries',
    assignment_chain: ['meera', 'arjun'],
  }

  it('matches title, project, client and chain members, case-insensitively', () => {
    expect(matchesTaskSearch(task, 'inverter')).toBe(true)
    expect(matchesTaskSearch(task, 'SOLAR')).toBe(true)
    expect(matchesTaskSearch(task, 'acme')).toBe(true)
    expect(matchesTaskSearch(task, 'Arjun')).toBe(true)
    expect(matchesTaskSearch(task, '  meera ')).toBe(true)
  })

  it('does not match other text; an empty search matches everything', () => {
    expect(matchesTaskSearch(task, 'boiler')).toBe(false)
    expect(matchesTaskSearch({ ...task, project: null, client: null }, 'acme')).toBe(false)
    expect(matchesTaskSearch(task, '   ')).toBe(true)
  })
})

describe('isPastDeadline', () => {
  const today = '2024-06-15'
  it('is true only for active tasks whose deadline is before today', () => {
    expect(isPastDeadline({ deadline: '2024-06-14', status: inProgress }, today)).toBe(true)
    expect(isPastDeadline({ deadline: '2024-06-14', status: pendingApproval }, today)).toBe(true)
    expect(isPastDeadline({ deadline: '2024-06-15', status: inProgress }, today)).toBe(false)
    expect(isPastDeadline({ deadline: '2024-06-16', status: inProgress }, today)).toBe(false)
    expect(isPastDeadline({ deadline: null, status: inProgress }, today)).toBe(false)
    expect(isPastDeadline({ deadline: '2024-01-01', status: completed }, today)).toBe(false)
    expect(isPastDeadline({ deadline: '2024-01-01', status: deleted }, today)).toBe(false)
  })
})

describe('taskInput: the create and edit form fields', () => {
  const errorOf = (data: Record<string, unknown>) => {
    const result = taskInput.safeParse(data)
    expect(result.success).toBe(false)
    return result.error!.issues[0]!.message
  }

  it('requires a title', () => {
    expect(errorOf({})).toBe(taskMessages.titleRequired)
    expect(errorOf({ title: '   ' })).toBe('Title is required.')
  })

  it('trims the title and turns empty optional fields into null', () => {
    const parsed = taskInput.parse({
      title: '  Fix pump ',
      project: ' ',
      projectId: 'null',
      deadline: '',
      category: 'undefined',
    })
    expect(parsed).toMatchObject({
      title: 'Fix pump',
      project: null,
      projectId: null,
      deadline: null,
      category: null,
      cc: [],
      removeAttachment: false,
    })
  })

  it('reads CC as a JSON list of usernames', () => {
    expect(taskInput.parse({ title: 't', cc: '["asha", " ravi "]' }).cc).toEqual(['asha', 'ravi'])
    expect(taskInput.parse({ title: 't', cc: '[]' }).cc).toEqual([])
    expect(errorOf({ title: 't', cc: 'asha,ravi' })).toBe('CC must be a JSON list of usernames.')
    expect(errorOf({ title: 't', cc: '[1, 2]' })).toBe('CC must be a JSON list of usernames.')
  })

  it('refuses a CC list holding the same user twice', () => {
    expect(errorOf({ title: 't', cc: '["asha", "ravi", "asha"]' })).toBe(taskMessages.ccDuplicate)
    expect(errorOf({ title: 't', cc: '["asha", " asha"]' })).toBe(taskMessages.ccDuplicate)
  })

  it('checks dates and ids', () => {
    expect(errorOf({ title: 't', deadline: '15/06/2024' })).toBe('Dates must be YYYY-MM-DD.')
    expect(errorOf({ title: 't', category: 'not-a-uuid' })).toBe('Invalid id.')
    expect(taskInput.parse({ title: 't', deadline: '2024-06-15' }).deadline).toBe('2024-06-15')
  })
})

describe('other task inputs', () => {
  it('a comment must be non-blank after trimming', () => {
    const id = '00000000-0000-4000-8000-000000000001'
    expect(commentInput.safeParse({ task_id: id, comment_text: '  ' }).error?.issues[0]?.message).toBe(
      taskMessages.commentBlank,
    )
    expect(commentInput.parse({ task_id: id, comment_text: ' ok ' }).comment_text).toBe('ok')
  })

  it('list queries default to page 1 and the first sort, and refuse unknown sorts', () => {
    expect(finishedQuery.parse({})).toEqual({
      page: 1,
      searchQuery: '',
      selectedCategory: '',
      sortBy: 'lastFinished',
    })
    expect(finishedQuery.parse({ sortBy: 'firstFinished', page: '3' })).toMatchObject({
      sortBy: 'firstFinished',
      page: 3,
    })
    expect(deletedQuery.safeParse({ sortBy: 'bogus' }).success).toBe(false)
    expect(deletedQuery.safeParse({ sortBy: 'firstFinished' }).success).toBe(false)
    expect(deletedQuery.parse({ sortBy: 'firstDeleted' }).sortBy).toBe('firstDeleted')
  })
})

describe('the task form and the task endpoints', () => {
  it('the form takes CC as a list, with the request’s rules', () => {
    const base = { title: '  Fix the pump ', assignTo: 'ravi', project: '', details: '  ' }
    const ok = taskFormInput.parse({ ...base, cc: ['asha'] })
    expect(ok).toMatchObject({ title: 'Fix the pump', cc: ['asha'], project: null, details: null })
    const twice = taskFormInput.safeParse({ ...base, cc: ['asha', 'asha'] })
    expect(twice.success).toBe(false)
    expect(twice.error?.issues[0]?.message).toBe(taskMessages.ccDuplicate)
    const blank = taskFormInput.safeParse({ ...base, title: '   ', cc: [] })
    expect(blank.error?.issues[0]?.message).toBe(taskMessages.titleRequired)
  })

  it('declares every task route once, create and edit as multipart', () => {
    const routes = Object.values(taskEndpoints).map((e) => `${e.method} ${e.path}`)
    expect(new Set(routes).size).toBe(routes.length)
    expect(routes).toEqual(
      expect.arrayContaining(['POST /tasks', 'PUT /tasks/:id', 'POST /comments', 'PUT /tasks/:id/forward']),
    )
    expect(taskEndpoints.create.multipart).toBe(taskInput)
    expect(Object.keys(taskEndpoints.comment.schema.response)).toEqual(['200', '201'])
  })
})
