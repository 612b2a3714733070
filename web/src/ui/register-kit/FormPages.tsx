import type { AccessPermissions } from '@daftar/domain/registers'
import { Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'
import { ApprovalNote, SaveError } from '../FormNotes.tsx'
import { LeaveGuard } from '../form/LeaveGuard.tsx'
import { PageHeader } from '../PageHeader.tsx'
import { newRequestKey, registerApi, registerDetailQuery } from './api.ts'
import type { AnyRegister, RecordBase } from './define.ts'
import { RegisterForm } from './RegisterForm.tsx'
import { RecordGate, useRegisterSave } from './save.tsx'
import { formValues } from './values.ts'

const firstView = (register: AnyRegister) => register.list.views[0]!

/** '/suppliers/add': the blank form; on success the list (staff) or the new record (admins). */
export function RegisterAddPage({ register }: { register: AnyRegister }) {
  const navigate = useNavigate()
  const { data: me } = useMe()
  const [dirty, setDirty] = useState(false)
  const requestKey = useMemo(newRequestKey, [])
  const listPath = firstView(register).path
  const create = useRegisterSave({
    register,
    action: 'CREATE',
    call: ({ data, values, grants }: { data: object; values: unknown; grants: AccessPermissions }) =>
      registerApi.create(register, { ...data, ...register.form.createExtras?.(values) }, grants, requestKey),
    onSaved: () => navigate(listPath),
  })
  const initial = useMemo(
    () => formValues({ ...register.form.empty, ...register.form.initial }, null),
    [register],
  )
  return (
    <Stack gap="md" w="100%">
      <LeaveGuard when={dirty && !create.busy && !create.saved} />
      <PageHeader title={register.form.addTitle} />
      <RegisterForm
        register={register}
        mode="create"
        initial={initial}
        submitLabel={me?.isadmin ? `Add ${register.label}` : 'Submit for Approval'}
        busy={create.busy}
        serverError={create.failure?.text ?? null}
        grants={{ initial: [] }}
        note={
          me && !me.isadmin ? (
            <ApprovalNote>
              This action completes only after admin approval: your request goes to the approval queue, and
              the {register.noun} appears in the list once an administrator approves it.
            </ApprovalNote>
          ) : null
        }
        onDirtyChange={setDirty}
        draftKey={`register:${register.path}:add`}
        onSubmit={(data, values, grants) => create.save({ data, values, grants })}
        onCancel={() => navigate(listPath)}
      />
    </Stack>
  )
}

/** '/suppliers/{id}/edit': the record's form with its If-Match version; on success its detail page. */
export function RegisterEditPage({ register }: { register: AnyRegister }) {
  const { id = '' } = useParams()
  const record = useQuery(registerDetailQuery<RecordBase>(register, id))
  const view = firstView(register)
  return (
    <RecordGate
      query={record}
      register={register}
      listPath={view.path}
      listLabel={`Back to ${view.title}`}
      requireWrite={{ recordPath: `${register.path}/${id}` }}
    >
      {/* Keyed by version: after a reload the form starts again from the fresh record. */}
      {(r) => (
        <EditForm key={r.version} register={register} id={id} record={r} onReload={() => record.refetch()} />
      )}
    </RecordGate>
  )
}

function EditForm(props: { register: AnyRegister; id: string; record: RecordBase; onReload: () => void }) {
  const { register, id, record } = props
  const navigate = useNavigate()
  const { data: me } = useMe()
  const [dirty, setDirty] = useState(false)
  const requestKey = useMemo(newRequestKey, [])
  const back = `${register.path}/${id}`
  const update = useRegisterSave({
    register,
    action: 'UPDATE',
    call: (data: object) => registerApi.update(register, id, data, record.version, requestKey),
    onSaved: () => navigate(back),
  })
  const initial = useMemo(() => formValues(register.form.empty, record), [register, record])
  return (
    <Stack gap="md" w="100%">
      <LeaveGuard when={dirty && !update.busy && !update.saved} />
      <PageHeader title={register.form.editTitle(record)} />
      <RegisterForm
        register={register}
        mode="edit"
        initial={initial}
        submitLabel={me?.isadmin ? 'Save Changes' : 'Submit for Approval'}
        busy={update.busy}
        serverError={update.failure && <SaveError failure={update.failure} onReload={props.onReload} />}
        note={
          me && !me.isadmin ? (
            <ApprovalNote>
              Your changes are sent to an administrator and apply only after admin approval.
            </ApprovalNote>
          ) : null
        }
        onDirtyChange={setDirty}
        draftKey={`register:${register.path}/${id}:edit`}
        onSubmit={(data) => update.save(data)}
        onCancel={() => navigate(back)}
      />
    </Stack>
  )
}
