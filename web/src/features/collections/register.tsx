import type { CollectionDetail } from '@daftar/domain/collections'
import {
  COLLECTION_DESCRIPTION_PREVIEW,
  collectionEndpoints,
  collectionMessages,
} from '@daftar/domain/collections'
import { truncate } from '@daftar/domain/technical-info'
import { IconSettings } from '@tabler/icons-react'
import { FieldSection } from '../../ui/DetailSection.tsx'
import { defineRegister, type RegisterForm } from '../../ui/register-kit/define.ts'
import { RecordOverview } from '../../ui/register-kit/detail-parts.tsx'
import { CountedTextInput, NotesField } from '../../ui/register-kit/fields.tsx'
import { FormSection } from '../../ui/register-kit/RegisterForm.tsx'
import { alphabetical, firstAdded, lastUpdated } from '../../ui/register-kit/sorts.ts'

const empty = { name: '', description: '' }
type Values = typeof empty

function Fields({ form }: { form: RegisterForm<Values> }) {
  return (
    <FormSection title="Collection">
      <CountedTextInput label="Collection name" required maxLength={200} {...form.getInputProps('name')} />
      <NotesField label="Description" {...form.getInputProps('description')} />
    </FormSection>
  )
}

function Settings({ record: c }: { record: CollectionDetail }) {
  return (
    <RecordOverview record={c}>
      <FieldSection
        title="Collection"
        fields={[
          { label: 'Name', value: c.name },
          { label: 'Description', value: c.description, wide: true },
        ]}
      />
    </RecordOverview>
  )
}

export const register = defineRegister({
  entityType: 'COLLECTION',
  endpoints: collectionEndpoints,
  notFound: collectionMessages.notFound,
  list: {
    title: 'Internal Documents',
    description: 'Collections of the organisation’s own documents: policies, forms, manuals.',
    emptyText: 'No collections found.',
    columns: [
      { key: 'name', header: 'Name', render: (c) => c.name },
      {
        key: 'description',
        header: 'Description',
        render: (c) => (c.description ? truncate(c.description, COLLECTION_DESCRIPTION_PREVIEW) : 'N/A'),
      },
    ],
    sorts: [...alphabetical('name', 'Name'), lastUpdated, firstAdded],
    searchPlaceholder: 'Search name, description...',
  },
  form: {
    empty,
    Fields,
  },
  detail: {
    Overview: Settings,
    // Documents first: a collection is where its documents are (docs/product.md, "Document collections").
    tabs: (c, tabs) => [
      tabs.documents,
      tabs.access,
      {
        value: 'settings',
        label: 'Settings',
        icon: <IconSettings size={16} />,
        content: <Settings record={c} />,
      },
      tabs.history,
    ],
  },
})
