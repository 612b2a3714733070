import { Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useNavigate, useParams } from 'react-router'
import { newRequestKey } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { ApprovalNote } from '../FormNotes.tsx'
import { PageHeader } from '../PageHeader.tsx'
import { registerApi, registerDetailQuery } from './api.ts'
import type { RegisterDeclaration, RegisterTypes } from './define.ts'
import { RegisterForm } from './RegisterForm.tsx'
import { recordHref } from './roots.ts'
import { RecordGate } from './save.tsx'
import { formValues } from './values.ts'

/** '/suppliers/add': the blank form; on success the list (staff) or the new record (admins). */
export function RegisterAddPage<T extends RegisterTypes>({ register }: { register: RegisterDeclaration<T> }) {
  const navigate = useNavigate()
  const { data: me } = useMe()
  const requestKey = useMemo(newRequestKey, [])
  const listPath = register.list.main.path
  const initial = useMemo(
    () => formValues({ ...register.form.empty, ...register.form.initial }, null),
    [register],
  )
  return (
    <Stack gap="md" w="100%">
      <PageHeader title={register.form.addTitle} />
      <RegisterForm
        register={register}
        mode="create"
        action="CREATE"
        initial={initial}
        submitLabel={me?.isadmin ? `Add ${register.label}` : 'Submit for Approval'}
        grants={{ initial: [] }}
        note={
          me && !me.isadmin ? (
            <ApprovalNote>
              This action completes only after admin approval: your request goes to the approval queue, and
              the {register.noun} appears in the list once an administrator approves it.
            </ApprovalNote>
          ) : null
        }
        draftKey={`register:${register.path}:add`}
        submit={(data, values, grants) =>
          registerApi.create(
            register,
            { ...data, ...register.form.createExtras?.(values) },
            grants,
            requestKey,
          )
        }
        savedTo={listPath}
        onCancel={() => navigate(listPath)}
      />
    </Stack>
  )
}

/** '/suppliers/{id}/edit': the record's form with its If-Match version; on success its detail page. */
export function RegisterEditPage<T extends RegisterTypes>({
  register,
}: {
  register: RegisterDeclaration<T>
}) {
  const { id = '' } = useParams()
  const record = useQuery(registerDetailQuery(register, id))
  return (
    <RecordGate
      query={record}
      register={register}
      requireWrite={{ recordPath: recordHref(register.entityType, id) }}
    >
      {/* Keyed by version: after a reload the form starts again from the fresh record. */}
      {(r) => (
        <EditForm key={r.version} register={register} id={id} record={r} onReload={() => record.refetch()} />
      )}
    </RecordGate>
  )
}

function EditForm<T extends RegisterTypes>(props: {
  register: RegisterDeclaration<T>
  id: string
  record: T['detail']
  onReload: () => void
}) {
  const { register, id, record } = props
  const navigate = useNavigate()
  const { data: me } = useMe()
  const requestKey = useMemo(newRequestKey, [])
  const back = recordHref(register.entityType, id)
  const initial = useMemo(() => formValues(register.form.empty, record), [register, record])
  return (
    <Stack gap="md" w="100%">
      <PageHeader title={register.form.editTitle(record)} />
      <RegisterForm
        register={register}
        mode="edit"
        action="UPDATE"
        initial={initial}
        submitLabel={me?.isadmin ? 'Save Changes' : 'Submit for Approval'}
        onReload={props.onReload}
        note={
          me && !me.isadmin ? (
            <ApprovalNote>
              Your changes are sent to an administrator and apply only after admin approval.
            </ApprovalNote>
          ) : null
        }
        draftKey={`register:${back}:edit`}
        submit={(data) => registerApi.update(register, id, data, record.version, requestKey)}
        savedTo={back}
        onCancel={() => navigate(back)}
      />
    </Stack>
  )
}
