import {
  type Category,
  categoryEndpoints,
  categoryInput,
  DEFAULT_CATEGORY_COLOR,
} from '@daftar/domain/categories'
import { ActionIcon, Button, ColorInput, ColorSwatch, Group, Paper, Text, Title } from '@mantine/core'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { call, errorMessage } from '../../api/client.ts'
import { categoriesQuery } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { ModalForm } from '../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { type Column, DataTable } from '../../ui/list/DataTable.tsx'
import { CountedTextInput } from '../../ui/register-kit/fields.tsx'
import { useConfirmedAction } from '../../ui/use-confirmed-action.ts'

const swatches = [
  '#f0f0f0',
  '#d3f9d8',
  '#fff3bf',
  '#d0ebff',
  '#ffe3e3',
  '#e5dbff',
  '#ffe8cc',
  '#c3fae8',
  '#fcc2d7',
]

/** The task categories: rows of the task list are tinted with their colour. */
export function CategoriesSection() {
  const categories = useQuery(categoriesQuery)
  const [editing, setEditing] = useState<Category | 'new' | null>(null)
  const removal = useConfirmedAction({
    run: (c: Category) => call(categoryEndpoints.remove, { params: { id: c.category_id } }),
    failed: 'Failed to delete the category.',
    invalidate: categoriesQuery.queryKey,
  })

  const columns: Column<Category>[] = [
    {
      key: 'colour',
      header: 'Colour',
      width: 70,
      phone: 'aside',
      render: (c) => (
        <ColorSwatch
          color={c.category_color}
          size={22}
          role="img"
          aria-label={`Colour ${c.category_color}`}
        />
      ),
    },
    { key: 'name', header: 'Name', phone: 'title', render: (c) => c.category_name },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      width: 100,
      phone: 'aside',
      render: (c) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Edit ${c.category_name}`} onClick={() => setEditing(c)}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${c.category_name}`}
            onClick={() => removal.ask(c)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ]

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="categories-heading">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={4} id="categories-heading">
            Task categories
          </Title>
          <Text size="sm" c="dimmed">
            Rows of the task list are tinted with their category's colour.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add category
        </Button>
      </Group>
      <DataTable
        label="Task categories"
        columns={columns}
        rows={categories.data}
        rowKey={(c) => c.category_id}
        loading={categories.isPending}
        loadingText="Loading categories..."
        error={
          categories.isError ? `Error: ${errorMessage(categories.error, 'Could not load categories.')}` : null
        }
        emptyText="No categories yet."
        minWidth={320}
      />
      {editing && (
        <CategoryForm category={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
      <ConfirmDialog
        {...removal.dialog}
        title="Delete category"
        message={`Delete the category "${removal.target?.category_name}"? Tasks in it keep everything else and show without a category.`}
        confirmLabel="Delete"
        color="red"
      />
    </Paper>
  )
}

/** Add or edit a category: its name and colour, checked by the request's own schema. */
function CategoryForm({ category, onDone }: { category: Category | null; onDone: () => void }) {
  const f = useSchemaForm({
    schema: categoryInput,
    initialValues: {
      category_name: category?.category_name ?? '',
      category_color: category?.category_color ?? DEFAULT_CATEGORY_COLOR,
    },
    submit: (body) =>
      category
        ? call(categoryEndpoints.update, {
            params: { id: category.category_id },
            body,
            ifMatch: category.version,
          })
        : call(categoryEndpoints.create, { body }),
    failed: 'Failed to save the category.',
    toastErrors: false,
    invalidate: [categoriesQuery.queryKey],
    onSuccess: onDone,
  })
  return (
    <ModalForm f={f} onClose={onDone} title={category ? 'Edit category' : 'Add category'}>
      <CountedTextInput
        label="Name"
        required
        data-autofocus
        maxLength={60}
        {...f.form.getInputProps('category_name')}
      />
      <ColorInput
        label="Colour"
        format="hex"
        swatches={swatches}
        swatchesPerRow={9}
        {...f.form.getInputProps('category_color')}
      />
    </ModalForm>
  )
}
