import { type Category, categoryInput, DEFAULT_CATEGORY_COLOR } from '@daftar/domain/categories'
import {
  ActionIcon,
  Alert,
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { errorMessage } from '../../api/client.ts'
import { categoriesQuery } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { CountedTextInput } from '../../ui/register-kit/fields.tsx'
import { adminApi } from './api.ts'

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

export function CategoriesSection() {
  const queryClient = useQueryClient()
  const categories = useQuery(categoriesQuery)
  const [editing, setEditing] = useState<Category | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Category | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey })

  const remove = useMutation({
    mutationFn: (c: Category) => adminApi.deleteCategory(c.category_id),
    onSuccess: (res) => {
      notifySuccess(res.message)
      setDeleting(null)
      return refresh()
    },
    onError: (error) => notifyError(errorMessage(error, 'Failed to delete the category.')),
  })

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
      {categories.isPending ? (
        <Text c="dimmed">Loading categories...</Text>
      ) : categories.isError ? (
        <Alert color="red">Error: {errorMessage(categories.error, 'Could not load categories.')}</Alert>
      ) : categories.data.length === 0 ? (
        <Text c="dimmed">No categories yet.</Text>
      ) : (
        <Table highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Colour</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th w={100} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {categories.data.map((c) => (
              <Table.Tr key={c.category_id}>
                <Table.Td>
                  <ColorSwatch color={c.category_color} size={22} />
                </Table.Td>
                <Table.Td>{c.category_name}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${c.category_name}`}
                      onClick={() => setEditing(c)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${c.category_name}`}
                      onClick={() => setDeleting(c)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <CategoryForm category={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete category"
        message={`Delete the category "${deleting?.category_name}"? Tasks in it keep everything else and show without a category.`}
        confirmLabel="Delete"
        color="red"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Paper>
  )
}

function CategoryForm({ category, onDone }: { category: Category | null; onDone: () => void }) {
  const queryClient = useQueryClient()
  const [name, setName] = useState(category?.category_name ?? '')
  const [color, setColor] = useState(category?.category_color ?? DEFAULT_CATEGORY_COLOR)
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (input: { category_name: string; category_color: string }) =>
      category
        ? adminApi.updateCategory(category.category_id, input, category.version)
        : adminApi.createCategory(input),
    onSuccess: async (res) => {
      notifySuccess(res.message)
      await queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey })
      onDone()
    },
    onError: (err) => setError(errorMessage(err, 'Failed to save the category.')),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = categoryInput.safeParse({ category_name: name, category_color: color })
    if (!parsed.success) return setError(parsed.error.issues[0]!.message)
    setError(null)
    save.mutate(parsed.data)
  }
  return (
    <Modal opened onClose={onDone} title={category ? 'Edit category' : 'Add category'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <CountedTextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            data-autofocus
            maxLength={60}
          />
          <ColorInput
            label="Colour"
            value={color}
            onChange={setColor}
            format="hex"
            swatches={swatches}
            swatchesPerRow={9}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
