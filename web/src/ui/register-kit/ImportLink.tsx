import { importRegisterNames, importRegisters } from '@daftar/domain/imports'
import type { EntityType } from '@daftar/domain/registers'
import { Button } from '@mantine/core'
import { IconFileImport } from '@tabler/icons-react'
import { Link } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'

/** 'Import' on the list of a register that can be imported, for admins (docs/decisions.md, "Import"). */
export function ImportLink({ entityType }: { entityType: EntityType }) {
  const { data: me } = useMe()
  const register = importRegisterNames.find((r) => importRegisters[r] === entityType)
  if (!register || !me?.isadmin) return null
  return (
    <Button
      component={Link}
      to={`/import?register=${register}`}
      variant="default"
      leftSection={<IconFileImport size={16} aria-hidden />}
    >
      Import
    </Button>
  )
}
