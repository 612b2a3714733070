import type { BucketType } from '@daftar/domain'
import type { RequestContext } from './context.ts'

/**
 * Who may read a stored key. Each area that stores files registers how to find the record owning a key
 * and whether the caller may read it; get-presigned-url signs nothing else.
 */
export type FileAccessResolver = (ctx: RequestContext, key: string) => Promise<{ fileName?: string } | null>

export class FileAccessRegistry {
  private readonly resolvers = new Map<BucketType, FileAccessResolver[]>()

  /** Several areas may share a bucket type (documents and invoice PDFs): any one may grant. */
  register(bucketType: BucketType, resolver: FileAccessResolver): void {
    this.resolvers.set(bucketType, [...(this.resolvers.get(bucketType) ?? []), resolver])
  }

  async check(ctx: RequestContext, bucketType: BucketType, key: string) {
    for (const resolver of this.resolvers.get(bucketType) ?? []) {
      const granted = await resolver(ctx, key)
      if (granted) return granted
    }
    return null
  }
}
