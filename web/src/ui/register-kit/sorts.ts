/** The sort orders the registers' lists offer, under the values their list queries accept. */

/** A text column both ways: 'Name A-Z' and 'Name Z-A' for `name_asc` and `name_desc`. */
export const alphabetical = (key: string, label: string) => [
  { value: `${key}_asc`, label: `${label} A-Z` },
  { value: `${key}_desc`, label: `${label} Z-A` },
]

export const lastUpdated = { value: 'last_updated', label: 'Last Updated' }
export const firstAdded = { value: 'first_added', label: 'First Added' }
