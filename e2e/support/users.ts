export const PASSWORD = 'Demo@1234'

/** One account per journey that changes its own account or works on its own tasks. */
export const e2eUsers = {
  resetter: {
    username: 'resetter',
    email: 'resetter@journey.test',
    mobile: '+919811100001',
    fullName: 'Reena Setter',
    designation: 'Tester',
  },
  changer: {
    username: 'changer',
    email: 'changer@journey.test',
    mobile: '+919811100002',
    fullName: 'Chandan Ger',
    designation: 'Tester',
  },
  photographer: {
    username: 'photographer',
    email: 'photo@journey.test',
    mobile: '+919811100003',
    fullName: 'Fatima Tog',
    designation: 'Tester',
  },
  leaver: {
    username: 'leaver',
    email: 'leaver@journey.test',
    mobile: '+919811100004',
    fullName: 'Lee Aver',
    designation: 'Tester',
  },
  taskboss: {
    username: 'taskboss',
    email: 'boss@journey.test',
    mobile: '+919811100005',
    fullName: 'Bina Boss',
    designation: 'Manager',
  },
  taskdoer: {
    username: 'taskdoer',
    email: 'doer@journey.test',
    mobile: '+919811100006',
    fullName: 'Deepak Doer',
    designation: 'Engineer',
  },
  watcher: {
    username: 'watcher',
    email: 'watcher@journey.test',
    mobile: '+919811100007',
    fullName: 'Wasim Watcher',
    designation: 'Engineer',
  },
  pager: {
    username: 'pager',
    email: 'pager@journey.test',
    mobile: '+919811100008',
    fullName: 'Pooja Pager',
    designation: 'Engineer',
  },
  /** Turns on two-factor sign-in (security.spec.ts): no other journey may sign in as them. */
  guardian: {
    username: 'guardian',
    email: 'guardian@journey.test',
    mobile: '+919811100011',
    fullName: 'Gauri Ardian',
    designation: 'Tester',
  },
  /** Signs in on two browsers and ends one from the other (security.spec.ts). */
  traveller: {
    username: 'traveller',
    email: 'traveller@journey.test',
    mobile: '+919811100012',
    fullName: 'Tara Veller',
    designation: 'Tester',
  },
  /** Adds a passkey and signs in with it (security.spec.ts). */
  keyholder: {
    username: 'keyholder',
    email: 'keyholder@journey.test',
    mobile: '+919811100031',
    fullName: 'Kiran Keyholder',
    designation: 'Tester',
  },
  /** The admin of the journeys' organisation, for the admin settings journey. */
  settler: {
    username: 'settler',
    email: 'settler@journey.test',
    mobile: '+919811100010',
    fullName: 'Sita Settler',
    designation: 'Office Manager',
    isAdmin: true,
  },
  /** Whose flags the admin settings journey switches. */
  flagged: {
    username: 'flagged',
    email: 'flagged@journey.test',
    mobile: '+919811100009',
    fullName: 'Farid Lagged',
    designation: 'Tester',
  },
  /** Changes their notification preferences (notification-preferences.spec.ts). */
  notifier: {
    username: 'notifier',
    email: 'notifier@journey.test',
    mobile: '+919811100013',
    fullName: 'Nandini Otifier',
    designation: 'Tester',
  },
  /** Copies the notifier on a task, so that a notification (and its mail) is sent. */
  nudger: {
    username: 'nudger',
    email: 'nudger@journey.test',
    mobile: '+919811100014',
    fullName: 'Nikhil Udger',
    designation: 'Tester',
  },
  /** Makes a weekly recurring task (recurring.spec.ts). */
  repeater: {
    username: 'repeater',
    email: 'repeater@journey.test',
    mobile: '+919811100015',
    fullName: 'Rohan Repeater',
    designation: 'Manager',
  },
  /** The assignee of the repeater's series. */
  weekly: {
    username: 'weekly',
    email: 'weekly@journey.test',
    mobile: '+919811100016',
    fullName: 'Ishaan Weekly',
    designation: 'Engineer',
  },
  /** The creator and the assignee of the tasks completed with a file and rejected-then-approved (tasks.spec.ts). */
  checker: {
    username: 'checker',
    email: 'checker@journey.test',
    mobile: '+919811100017',
    fullName: 'Chitra Checker',
    designation: 'Manager',
  },
  fixer: {
    username: 'fixer',
    email: 'fixer@journey.test',
    mobile: '+919811100018',
    fullName: 'Farhan Fixer',
    designation: 'Engineer',
  },
} as const

/** The pager has this many finished tasks, numbered 'Finished task 01' … (two pages of 20). */
export const PAGER_FINISHED_TASKS = 27
