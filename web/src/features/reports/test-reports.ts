/** Reports as the API answers them, for the component tests of this folder. */
import type { Report } from '@daftar/domain/reports'

export function storedReport(over: Partial<Report> = {}): Report {
  return {
    report_id: '3f0e2b7a-9c41-4d8e-a6b2-5e7f1c9d0a11',
    report_id_display: 'RPT-0007',
    report_type: 'OPERATIONS_REPORT',
    report_data: {},
    status: 'OPEN',
    submitted_at: '2026-03-02T06:30:00.000Z',
    submitted_by_user_id: '6a1f7c52-2b5e-4a4e-9e1f-3b0c6a7d9e01',
    submitted_by_username: 'asha',
    submitted_by_fullname: 'Asha Verma',
    project_id: null,
    project_name: 'Ganga STP',
    recipients: [
      { user_id: '9b2d4e6f-1a3c-4b5d-8e7f-0a1b2c3d4e5f', username: 'ravi', full_name: 'Ravi Kumar' },
    ],
    admin_feedback: null,
    feedback_by_username: null,
    feedback_by_fullname: null,
    feedback_at: null,
    version: 1,
    ...over,
  }
}
