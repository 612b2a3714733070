export const PASSWORD = 'Demo@1234'

/** One account per journey that changes its own password, photo or sessions. */
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
} as const
