import { ClosedTasksPage } from './ClosedTasksPage.tsx'

export default function FinishedTasksPage() {
  return <ClosedTasksPage kind="finished" />
}
