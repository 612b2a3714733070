import { ClosedTasksPage } from './ClosedTasksPage.tsx'

export default function DeletedTasksPage() {
  return <ClosedTasksPage kind="deleted" />
}
