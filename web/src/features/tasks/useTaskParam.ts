import { useLocation, useNavigate, useSearchParams } from 'react-router'

/**
 * The open task lives in the address (`?task=<id>`): opening pushes a history entry, so the browser's
 * back button closes the detail, as the spec asks; links from notifications open it directly.
 */
export function useTaskParam() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const location = useLocation()
  const taskId = params.get('task')

  const withTask = (id: string | null) => {
    const next = new URLSearchParams(location.search)
    if (id) next.set('task', id)
    else next.delete('task')
    const qs = next.toString()
    return `${location.pathname}${qs ? `?${qs}` : ''}`
  }

  return {
    taskId,
    open: (id: string) => navigate(withTask(id), { state: { openedTask: true } }),
    close: () => {
      // Back undoes our own push; a detail opened from a link just drops the parameter.
      if ((location.state as { openedTask?: boolean } | null)?.openedTask) navigate(-1)
      else navigate(withTask(null), { replace: true })
    },
  }
}
