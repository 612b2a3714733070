import { Group, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * The title row of a page: heading, an optional line under it, and the page's main buttons at its
 * right — where every list puts its add button (docs/decisions.md).
 */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <PageTitle title={title}>
        {description && (
          <Text c="dimmed" size="sm" mt={2}>
            {description}
          </Text>
        )}
      </PageTitle>
      {actions && (
        <Group gap="sm" data-page-actions>
          {actions}
        </Group>
      )}
    </Group>
  )
}

/** A page's heading and what sits under it (a description, a record's badges). */
export function PageTitle({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      {/* A long name is clamped to two lines, the whole of it on hover. */}
      <Title
        order={2}
        lineClamp={2}
        title={typeof title === 'string' ? title : undefined}
        style={{ overflowWrap: 'anywhere' }}
      >
        {title}
      </Title>
      {children}
    </div>
  )
}
