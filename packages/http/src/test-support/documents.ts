/** The shapes tests read back, loosely typed: tests assert what the spec fixes. */
export interface Resource {
  id: string
  type: string
  attributes: Record<string, unknown>
  relationships?: Record<string, { data: { id: string; type: string } | { id: string; type: string }[] | null }>
  links?: Record<string, string>
}

export interface SingleDoc {
  data: Resource
  included?: Resource[]
}

export interface ListDoc {
  data: Resource[]
  included?: Resource[]
  links: Record<string, string | null>
  meta: { pagination: Record<string, number | null>; 'status-counts'?: Record<string, number> }
}

export interface ErrorDoc {
  errors: { status: string; title: string; detail?: string; source?: { pointer?: string; parameter?: string } }[]
}

export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T
}
