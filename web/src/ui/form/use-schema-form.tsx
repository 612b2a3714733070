import { type FormErrors, schemaResolver, type UseFormReturnType, useForm } from '@mantine/form'
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react'
import { type To, useNavigate } from 'react-router'
import type { z } from 'zod'
import { newRequestKey, SessionExpiredError } from '../../api/client.ts'
import { useKeepDraft, useRestoredDraft } from '../drafts.ts'
import { type SaveFailure, saveFailure } from '../FormNotes.tsx'
import { focusFirstError } from '../form-errors.ts'
import { notifyError, notifySuccess } from '../notify.ts'
import { useStillHere } from '../use-leaving.ts'
import { submitKeys } from './keyboard.ts'
import { LeaveGuard } from './LeaveGuard.tsx'

export interface SchemaFormOptions<V extends object, S extends z.ZodType, R> {
  /** The domain schema of the request (or one built from it): the form's only validation. */
  schema: S
  initialValues: V
  /**
   * The call, with what the schema made of the values (trimmed, blank as null …), the values, and the
   * form's request key: sent as the Idempotency-Key of a create, it makes a double click or a retry
   * after a lost answer one record. A new key after each save.
   */
  submit: (parsed: z.output<S>, values: V, requestKey: string) => Promise<R>
  /**
   * The spec's words when the call fails without a message of the server's; or, for a call whose
   * failures the spec words in full (sign-in, Forgot Password), what to say for each failure.
   */
  failed: string | ((error: unknown) => string)
  /** The form's red box, where the spec words it apart from the toast (a modal's own fallbacks). */
  describeFailure?: (error: unknown) => string
  /** The success toast: the answer's `message` by default; false for none. */
  successText?: (result: R) => string | false | undefined
  onSuccess?: (result: R, values: V) => unknown
  /**
   * The page to open once saved (the list, the record), after `onSuccess`; not opened for a person who
   * has clicked elsewhere while it was saving, whom the answer would otherwise pull back.
   */
  openAfter?: (result: R, values: V) => To
  /** Query keys the change makes stale (refreshed before `onSuccess`). */
  invalidate?: readonly QueryKey[]
  /** Names the draft kept in session storage when the session expires (ui/drafts.ts). */
  draftKey?: string
  /**
   * Asks before unsaved input is left: true for a page (back, links, reload); 'search' also when the
   * query string changes (a dialog opened by `?task=`); false for none.
   */
  guard?: boolean | 'search'
  /**
   * Failures also show as a toast (besides `failure`, which the form shows in its red box). Unset: a
   * toast unless a dialog shows the failure in its own red box (`ModalForm`), where the toast would only
   * say it again, over the dialog's buttons on a laptop's screen.
   */
  toastErrors?: boolean
  /**
   * The server's refusals that are about one field ('An asset with this Asset ID already exists.' →
   * 'asset_display_id'): shown under that field, which takes the focus, instead of the red box and
   * the toast, which on a phone are out of sight or over the buttons.
   */
  failureFields?: Record<string, string>
  /** Unsaved input that is not in the values (a chosen file, access grants). */
  extraDirty?: boolean
  /** Asks before sending (an edit of a live record): the form waits for `confirm()`. */
  needsConfirm?: (values: V) => boolean
  validateInputOnBlur?: boolean
  /** What a refused submit does instead of focusing the first field in error (a form's own error box). */
  onInvalid?: (errors: FormErrors) => void
}

export interface SchemaForm<V extends object> {
  form: UseFormReturnType<V>
  /** Spread on the <form>: submit with its validation, the keyboard rule, no browser validation. */
  formProps: {
    ref: React.RefObject<HTMLFormElement | null>
    onSubmit: (event?: FormEvent<HTMLFormElement>) => void
    onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => void
    noValidate: true
  }
  /** Submits from code (a button outside the form). */
  submit: () => void
  busy: boolean
  /** The last failure: its text, and whether the record changed meanwhile (412). */
  failure: SaveFailure | null
  dirty: boolean
  saved: boolean
  /** Render it once: the leave guard and the kept draft. */
  guard: ReactNode
  /** Set by a dialog that shows the failure in its own red box (`ModalForm`): then no toast says it. */
  failureBox: RefObject<boolean>
  /** Waiting for `confirm()` (see `needsConfirm`). */
  confirming: boolean
  confirm: () => void
  cancelConfirm: () => void
}

/**
 * The one form mechanism of the app (docs/architecture.md, "Adding a form"): @mantine/form validated
 * by the request's domain schema, sent through one mutation that refuses a second submit from the
 * very click that would send it (a ref, not the next render), the server's message in the form and a
 * toast, the stale queries refreshed, a leave guard while input is unsaved, and the draft kept across
 * an expired session.
 */
export function useSchemaForm<V extends object, S extends z.ZodType, R>(
  options: SchemaFormOptions<V, S, R>,
): SchemaForm<V> {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const stillHere = useStillHere()
  const ref = useRef<HTMLFormElement>(null)
  const sending = useRef(false)
  const focusedWhenSent = useRef<HTMLElement | null>(null)
  const requestKey = useRef(newRequestKey())
  const [failure, setFailure] = useState<SaveFailure | null>(null)
  const failureBox = useRef(false)
  const [pending, setPending] = useState<V | null>(null)
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: schemaResolver(options.schema, { sync: true }),
    validateInputOnBlur: options.validateInputOnBlur ?? true,
  })

  const mutation = useMutation({
    mutationFn: (values: V) => options.submit(options.schema.parse(values), values, requestKey.current),
    onSuccess: async (result, values) => {
      requestKey.current = newRequestKey()
      const text = options.successText
        ? options.successText(result)
        : (result as { message?: unknown } | undefined)?.message
      if (typeof text === 'string' && text) notifySuccess(text)
      await Promise.all(
        (options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      )
      await options.onSuccess?.(result, values)
      if (options.openAfter && stillHere()) navigate(options.openAfter(result, values))
    },
    onError: (error) => {
      // The app is going to /login, which says the session expired; the draft is kept for later.
      if (error instanceof SessionExpiredError) return
      const { failed } = options
      const failure =
        typeof failed === 'string'
          ? saveFailure(error, failed)
          : { ...saveFailure(error, ''), text: failed(error) }
      const field = options.failureFields?.[failure.text]
      if (field) {
        form.setFieldError(field, failure.text)
        requestAnimationFrame(() => focusFirstError(ref.current))
        return
      }
      if (options.toastErrors ?? !failureBox.current) notifyError(failure.text)
      setFailure(options.describeFailure ? { ...failure, text: options.describeFailure(error) } : failure)
    },
    onSettled: () => {
      sending.current = false
    },
  })

  const send = (values: V) => {
    if (sending.current) return
    sending.current = true
    const focused = document.activeElement
    focusedWhenSent.current =
      focused instanceof HTMLElement && ref.current?.contains(focused) ? focused : null
    setFailure(null)
    setPending(null)
    mutation.mutate(values)
  }

  // The submit button is disabled while the form sends, and a disabled button drops the focus to the
  // page: Tab then left a dialog and Escape no longer reached it. Once the answer is in, the focus goes
  // back to where it was in the form, unless the person has put it somewhere else meanwhile.
  useEffect(() => {
    if (mutation.isPending) return
    const focused = focusedWhenSent.current
    focusedWhenSent.current = null
    const lost = !document.activeElement || document.activeElement === document.body
    if (focused?.isConnected && lost) focused.focus()
  }, [mutation.isPending])

  const onSubmit = form.onSubmit(
    (values) => {
      if (sending.current) return
      if (options.needsConfirm?.(values)) setPending(values)
      else send(values)
    },
    (errors) =>
      options.onInvalid
        ? options.onInvalid(errors)
        : requestAnimationFrame(() => focusFirstError(ref.current)),
  )

  const dirty = (form.isDirty() || Boolean(options.extraDirty)) && !mutation.isSuccess
  const draftKey = options.draftKey ?? ''
  const restored = useRestoredDraft<V>(draftKey)
  // biome-ignore lint/correctness/useExhaustiveDependencies: restores the kept draft once, on mount
  useEffect(() => {
    if (restored && options.draftKey) form.setValues(restored)
  }, [])
  useKeepDraft(draftKey, form.getValues(), Boolean(options.draftKey) && dirty)

  const guarded = options.guard ?? true
  return {
    form,
    formProps: { ref, onSubmit, onKeyDown: submitKeys, noValidate: true },
    submit: () => ref.current?.requestSubmit(),
    busy: mutation.isPending,
    failure,
    dirty,
    saved: mutation.isSuccess,
    guard: guarded ? (
      <LeaveGuard when={dirty && !mutation.isPending} anyChange={guarded === 'search'} />
    ) : null,
    failureBox,
    confirming: pending !== null,
    confirm: () => pending && send(pending),
    cancelConfirm: () => setPending(null),
  }
}
