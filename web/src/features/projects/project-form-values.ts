import type { ProjectData } from '@daftar/domain/projects'

/** What the project form edits: every field as text, the client as a chosen id. */
export interface ProjectFormValues {
  name: string
  client_id: string | null
  project_type: string
  capacity: string
  address: string
  zip_code: string
  project_address_maps_link: string
  contact: { name: string; phone: string; email: string }
  work_order: { number: string; date: string; total_value: string }
  consultant: { name: string; contact_person: string; phone: string; email: string }
  notes: string
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v))

export function toFormValues(data: Partial<ProjectData> | null | undefined): ProjectFormValues {
  const contact = data?.project_contact_details
  const wo = data?.work_order_details
  const consultant = data?.consultant_details
  return {
    name: text(data?.name),
    client_id: data?.client_id ?? null,
    project_type: text(data?.project_type),
    capacity: text(data?.capacity),
    address: text(data?.address),
    zip_code: text(data?.zip_code),
    project_address_maps_link: text(data?.project_address_maps_link),
    contact: { name: text(contact?.name), phone: text(contact?.phone), email: text(contact?.email) },
    work_order: { number: text(wo?.number), date: text(wo?.date), total_value: text(wo?.total_value) },
    consultant: {
      name: text(consultant?.name),
      contact_person: text(consultant?.contact_person),
      phone: text(consultant?.phone),
      email: text(consultant?.email),
    },
    notes: text(data?.notes),
  }
}

/** The request body before the schema (projectData) trims it and turns empty values into null. */
export function toInput(v: ProjectFormValues) {
  return {
    name: v.name,
    client_id: v.client_id,
    project_type: v.project_type,
    capacity: v.capacity,
    address: v.address,
    zip_code: v.zip_code,
    project_address_maps_link: v.project_address_maps_link,
    project_contact_details: v.contact,
    work_order_details: {
      number: v.work_order.number,
      date: v.work_order.date,
      total_value: v.work_order.total_value.replace(/,/g, ''),
    },
    consultant_details: v.consultant,
    notes: v.notes,
  }
}
