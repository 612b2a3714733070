import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { canWrite } from '../access-api.ts'
import { ErrorPanel, LoadError } from '../ErrorPanel.tsx'
import { PageLoading } from '../RecordPage.tsx'
import type { RegisterDeclaration, RegisterTypes } from './define.ts'

/**
 * The loading, error, not-found and read-only states of every register record page; `children` gets
 * the loaded record. With `requireWrite` (edit pages), READ access shows a read-only panel instead.
 */
export function RecordGate<T extends RegisterTypes>(props: {
  query: UseQueryResult<T['detail']>
  register: RegisterDeclaration<T>
  requireWrite?: { recordPath: string }
  children: (record: T['detail']) => ReactNode
}) {
  const { query, register } = props
  const list = register.list.main
  if (query.isPending)
    return <PageLoading text={register.detail.loadingText ?? `Loading ${register.noun} details...`} />
  if (query.isError)
    return (
      <LoadError
        error={query.error}
        notFound={register.notFound}
        failed={(message) =>
          register.detail.loadErrorText?.(message) ?? `Error loading ${register.noun} details: ${message}`
        }
        backTo={list.path}
        backLabel={`Back to ${list.title}`}
      />
    )
  if (props.requireWrite && !canWrite(query.data.access_level)) {
    return (
      <ErrorPanel
        title="Read-only"
        message={`You have read-only access to this ${register.noun}.`}
        backTo={props.requireWrite.recordPath}
        backLabel="Back"
      />
    )
  }
  return <>{props.children(query.data)}</>
}
