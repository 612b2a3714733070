import {
  employeeCreateInput,
  employeeData,
  employeeEndpoints,
  employeeMessages,
  genders,
  maritalStatuses,
} from '@daftar/domain/employees'
import { requestFailedMessage } from '@daftar/domain/registers'
import { userLimitMessage, userLimitReached } from '@daftar/domain/users'
import { Alert, Checkbox, PasswordInput, Select, TextInput } from '@mantine/core'
import { IconUserCheck, IconUserOff } from '@tabler/icons-react'
import { call } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { defineRegister, type FormMode, type RegisterForm } from '../../ui/register-kit/define.ts'
import { orNA } from '../../ui/register-kit/detail-parts.tsx'
import {
  AddressField,
  CodeField,
  CountedTextInput,
  DateField,
  EmailField,
  FormGrid,
  PhoneField,
} from '../../ui/register-kit/fields.tsx'
import { FormSection } from '../../ui/register-kit/RegisterForm.tsx'
import { registerRoots } from '../../ui/register-kit/roots.ts'
import { alphabetical, lastUpdated } from '../../ui/register-kit/sorts.ts'
import { EmployeeOverview } from './EmployeeOverview.tsx'

const empty = {
  full_name: '',
  employee_official_id: '',
  designation: '',
  department: '',
  joining_date: null as string | null,
  qualification: '',
  contact_phone: '',
  contact_email: '',
  personal_phone_no: '',
  current_address: '',
  permanent_address: '',
  gender: null as string | null,
  blood_group: '',
  father_name: '',
  mother_name: '',
  marital_status: null as string | null,
  spouse_name: '',
  aadhar_no: '',
  pan_no: '',
  uan_no: '',
  bank_details: { account_no: '', ifsc_code: '', bank_name: '', branch_name: '' },
  previous_work_details: { previous_id: '', company_name: '', contact_no: '' },
  notes: '',
  // A login account, on the create form only.
  createUserAccount: false,
  username: '',
  email: '',
  mobile: '',
  password: '',
}
type Values = typeof empty

/** 'Create a login account': off, with the spec's message, once the organisation's user limit is reached. */
function LoginAccount({ form }: { form: RegisterForm<Values> }) {
  const { data: me } = useMe()
  const full = me ? userLimitReached(me.orgUserLimit, me.orgCurrentUserCount) : false
  const on = form.getValues().createUserAccount
  return (
    <FormSection title="Login Account">
      {full && me?.orgUserLimit !== null && me && (
        <Alert color="orange" variant="light">
          {userLimitMessage(me.orgUserLimit!, me.orgName)}
        </Alert>
      )}
      <Checkbox
        label="Create a login account for this employee"
        disabled={full}
        {...form.getInputProps('createUserAccount', { type: 'checkbox' })}
      />
      {on && !full && (
        <FormGrid>
          <CountedTextInput
            label="Username"
            required
            maxLength={40}
            autoComplete="off"
            {...form.getInputProps('username')}
          />
          <TextInput label="Mobile" required type="tel" maxLength={20} {...form.getInputProps('mobile')} />
          <EmailField label="Email" {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            required
            autoComplete="new-password"
            description="At least 6 characters."
            maxLength={128}
            {...form.getInputProps('password')}
          />
        </FormGrid>
      )}
    </FormSection>
  )
}

function Fields({ form, mode }: { form: RegisterForm<Values>; mode: FormMode }) {
  const field = form.getInputProps
  const married = form.getValues().marital_status === 'Married'
  return (
    <>
      <FormSection title="Basic & Professional Information" columns={2}>
        <CountedTextInput label="Full name" required maxLength={200} {...field('full_name')} />
        <CountedTextInput
          label="Employee Official ID"
          required
          maxLength={60}
          {...field('employee_official_id')}
        />
        <CountedTextInput label="Designation" maxLength={120} {...field('designation')} />
        <CountedTextInput label="Department" maxLength={120} {...field('department')} />
        <DateField label="Joining date" {...field('joining_date')} />
        <CountedTextInput label="Qualification" maxLength={200} {...field('qualification')} />
      </FormSection>
      <FormSection title="Contact Information">
        <FormGrid columns={3}>
          <PhoneField label="Contact no." {...field('contact_phone')} />
          <EmailField label="Official email" {...field('contact_email')} />
          <PhoneField label="Personal phone" {...field('personal_phone_no')} />
        </FormGrid>
        <AddressField label="Current address" {...field('current_address')} />
        <AddressField label="Permanent address" {...field('permanent_address')} />
      </FormSection>
      <FormSection title="Personal & Family Details" columns={2}>
        <Select label="Gender" data={[...genders]} clearable {...field('gender')} />
        <TextInput label="Blood group" maxLength={10} {...field('blood_group')} />
        <CountedTextInput label="Father's name" maxLength={200} {...field('father_name')} />
        <CountedTextInput label="Mother's name" maxLength={200} {...field('mother_name')} />
        <Select label="Marital status" data={[...maritalStatuses]} clearable {...field('marital_status')} />
        {married && <CountedTextInput label="Spouse's name" maxLength={200} {...field('spouse_name')} />}
      </FormSection>
      <FormSection title="Statutory & Financial Information">
        <FormGrid>
          <TextInput
            label="Aadhaar no."
            inputMode="numeric"
            maxLength={14}
            description={
              mode === 'create' ? undefined : 'Shown masked; leave it as it is to keep the number.'
            }
            {...field('aadhar_no')}
          />
          <CodeField form={form} path="pan_no" label="PAN" maxLength={10} />
          <TextInput label="UAN" maxLength={20} {...field('uan_no')} />
          <TextInput
            label="Bank account no."
            inputMode="numeric"
            maxLength={34}
            {...field('bank_details.account_no')}
          />
          <CodeField form={form} path="bank_details.ifsc_code" label="IFSC" maxLength={11} />
          <CountedTextInput label="Bank name" maxLength={120} {...field('bank_details.bank_name')} />
          <CountedTextInput label="Branch" maxLength={120} {...field('bank_details.branch_name')} />
        </FormGrid>
        <FormGrid columns={3}>
          <CountedTextInput
            label="Previous employee ID"
            maxLength={60}
            {...field('previous_work_details.previous_id')}
          />
          <CountedTextInput
            label="Previous company"
            maxLength={200}
            {...field('previous_work_details.company_name')}
          />
          <CountedTextInput
            label="Previous company contact"
            maxLength={40}
            {...field('previous_work_details.contact_no')}
          />
        </FormGrid>
      </FormSection>
      {mode === 'create' && <LoginAccount form={form} />}
    </>
  )
}

export const register = defineRegister({
  entityType: 'EMPLOYEE',
  endpoints: employeeEndpoints,
  titleOf: (e) => e.full_name,
  notFound: employeeMessages.notFound,
  list: {
    title: 'Current Employees',
    otherViews: [
      {
        path: registerRoots.EMPLOYEE.otherLists.former,
        endpoint: employeeEndpoints.old,
        exportEndpoint: employeeEndpoints.oldExport,
        title: 'Old Employees',
        canAdd: false,
      },
    ],
    listedIn: (e) => (e.is_active ? employeeEndpoints.list : employeeEndpoints.old),
    columns: [
      { key: 'name', header: 'Name', render: (e) => e.full_name },
      { key: 'id', header: 'Employee ID', nowrap: true, render: (e) => e.employee_official_id },
      { key: 'department', header: 'Department', render: (e) => orNA(e.department) },
      { key: 'phone', header: 'Contact No.', nowrap: true, render: (e) => orNA(e.contact_phone) },
      { key: 'email', header: 'Official Email', render: (e) => orNA(e.contact_email), phone: 'wide' },
    ],
    sorts: [
      ...alphabetical('name', 'Name'),
      { value: 'employee_official_id_asc', label: 'Employee ID (ascending)' },
      { value: 'employee_official_id_desc', label: 'Employee ID (descending)' },
      ...alphabetical('department', 'Department'),
      lastUpdated,
      { value: 'joining_date_asc', label: 'Joining Date (oldest)' },
      { value: 'joining_date_desc', label: 'Joining Date (newest)' },
    ],
    searchPlaceholder: 'Search name, employee ID, department...',
    pagerOnlyWhenPaged: true,
  },
  form: {
    schema: employeeData,
    createSchema: employeeCreateInput,
    createExtras: (v) => ({
      createUserAccount: v.createUserAccount,
      username: v.username,
      email: v.email,
      mobile: v.mobile,
      password: v.password,
    }),
    empty,
    Fields,
  },
  detail: {
    Overview: ({ record }) => <EmployeeOverview employee={record} />,
    editLabel: 'Edit Employee',
    stateAction: {
      label: (e) => (e.is_active ? 'Deactivate' : 'Activate'),
      icon: (e) => (e.is_active ? <IconUserOff size={16} /> : <IconUserCheck size={16} />),
      message: (e) =>
        `${e.is_active ? 'Deactivate' : 'Activate'} ${e.full_name}?${
          e.is_active && e.linked_username
            ? ' Their login account is deactivated too and they are signed out at once.'
            : ''
        }`,
      busyText: (e) => (e.is_active ? employeeMessages.deactivating : 'Activating employee...'),
      call: (e) =>
        call(employeeEndpoints.activate, { params: { id: e.employee_id }, body: { activate: !e.is_active } }),
      failed: requestFailedMessage('Employee', 'DEACTIVATE'),
      requested: (e) => e.state_request_pending,
    },
  },
})
