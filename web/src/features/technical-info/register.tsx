import type { TechnicalInfoDetail } from '@daftar/domain/technical-info'
import {
  normaliseKeyword,
  TECH_KEYWORDS_SHOWN,
  TECH_TEXT_PREVIEW,
  TECH_TITLE_PREVIEW,
  technicalInfoEndpoints,
  technicalInfoMessages,
  truncate,
} from '@daftar/domain/technical-info'
import { Badge, Group, TagsInput, Text } from '@mantine/core'
import { FieldSection } from '../../ui/DetailSection.tsx'
import { defineRegister, type RegisterForm } from '../../ui/register-kit/define.ts'
import { RecordOverview } from '../../ui/register-kit/detail-parts.tsx'
import { CountedTextarea, CountedTextInput } from '../../ui/register-kit/fields.tsx'
import { FormSection } from '../../ui/register-kit/RegisterForm.tsx'
import { alphabetical, firstAdded, lastUpdated } from '../../ui/register-kit/sorts.ts'

const empty = {
  title: '',
  keywords: [] as string[],
  when_to_use: '',
  prerequisites: '',
  description: '',
  formula: '',
  steps: '',
}
type Values = typeof empty

/** Keywords are added on Enter or comma, trimmed and lowercased; a repeat is ignored (docs/product.md, "Technical information"). */
export function keywordsFrom(tags: string[]): string[] {
  return [...new Set(tags.map(normaliseKeyword).filter(Boolean))]
}

function Fields({ form }: { form: RegisterForm<Values> }) {
  const text = (label: string, path: keyof Values, rows: number, maxLength: number) => (
    <CountedTextarea
      label={label}
      autosize
      minRows={rows}
      maxLength={maxLength}
      {...form.getInputProps(path)}
    />
  )
  return (
    <FormSection title="Technical Details">
      <CountedTextInput label="Title" required maxLength={300} {...form.getInputProps('title')} />
      <TagsInput
        label="Keywords"
        description="Press Enter or type a comma after each keyword."
        placeholder="Add a keyword"
        splitChars={[',']}
        clearable
        value={form.getValues().keywords}
        onChange={(tags) => form.setFieldValue('keywords', keywordsFrom(tags))}
        error={form.errors.keywords}
      />
      {text('When to use', 'when_to_use', 3, 5000)}
      {text('Prerequisites', 'prerequisites', 3, 5000)}
      {text('Description', 'description', 4, 20000)}
      {text('Formula', 'formula', 2, 5000)}
      {text('Steps', 'steps', 4, 20000)}
    </FormSection>
  )
}

function Keywords({ keywords }: { keywords: string[] }) {
  if (keywords.length === 0) return null
  return (
    <Group gap={6}>
      {keywords.map((k) => (
        <Badge key={k} variant="light" tt="none">
          {k}
        </Badge>
      ))}
    </Group>
  )
}

function Overview({ record: t }: { record: TechnicalInfoDetail }) {
  const pre = (v: string | null) => v && <Text style={{ whiteSpace: 'pre-wrap' }}>{v}</Text>
  return (
    <RecordOverview record={t}>
      <FieldSection
        title="Technical Details"
        fields={[
          { label: 'Title', value: t.title, wide: true },
          {
            label: 'Keywords',
            value: t.keywords.length > 0 && <Keywords keywords={t.keywords} />,
            wide: true,
          },
          { label: 'When to use', value: pre(t.when_to_use), wide: true },
          { label: 'Prerequisites', value: pre(t.prerequisites), wide: true },
          { label: 'Description', value: pre(t.description), wide: true },
          {
            label: 'Formula',
            value: t.formula && (
              <Text ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
                {t.formula}
              </Text>
            ),
            wide: true,
          },
          { label: 'Steps', value: pre(t.steps), wide: true },
        ]}
      />
    </RecordOverview>
  )
}

const cut = (v: string | null, max: number) => (v ? truncate(v, max) : 'N/A')

export const register = defineRegister({
  entityType: 'TECHNICAL_INFO',
  endpoints: technicalInfoEndpoints,
  titleOf: (t) => t.title,
  notFound: technicalInfoMessages.notFound,
  list: {
    title: 'Technical Information',
    description: 'Formulas, methods and know-how of the team.',
    emptyText: 'No technical info entries found.',
    columns: [
      {
        key: 'title',
        header: 'Title',
        render: (t) => <span title={t.title}>{truncate(t.title, TECH_TITLE_PREVIEW)}</span>,
      },
      {
        key: 'keywords',
        header: 'Keywords',
        render: (t) =>
          t.keywords.length === 0
            ? 'N/A'
            : `${t.keywords.slice(0, TECH_KEYWORDS_SHOWN).join(', ')}${t.keywords.length > TECH_KEYWORDS_SHOWN ? ', …' : ''}`,
      },
      { key: 'when', header: 'When to Use', render: (t) => cut(t.when_to_use, TECH_TEXT_PREVIEW) },
      { key: 'pre', header: 'Prerequisites', render: (t) => cut(t.prerequisites, TECH_TEXT_PREVIEW) },
    ],
    sorts: [...alphabetical('title', 'Title'), lastUpdated, firstAdded],
    searchPlaceholder: 'Search Title, Keywords, Use Cases...',
    searchOnEnter: true,
    addLabel: 'Add Entry',
  },
  form: {
    empty,
    Fields,
    addTitle: 'Add Technical Info Entry',
    editTitle: (t) => `Edit Technical Info: ${t.title}`,
  },
  detail: { Overview },
})
