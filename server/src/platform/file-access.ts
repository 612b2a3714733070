import type { BucketType } from '@daftar/domain'
import type { RequestContext } from './context.ts'

/**
 * Who may read a stored key. Each area that stores files registers how to find the record owning a key
 * and whether the caller may read it; get-presigned-url signs nothing else.
 */
export type FileAccessResolver = (ctx: RequestContext, key: string) => Promise<{ fileName?: string } | null>

export class FileAccessRegistry {
  private readonly resolvers = new Map<BucketType, FileAccessResolver>()

  register(bucketType: BucketType, resolver: FileAccessResolver): void {
    this.resolvers.set(bucketType, resolver)
  }

  async check(ctx: RequestContext, bucketType: BucketType, key: string) {
    const resolver = this.resolvers.get(bucketType)
    return resolver ? resolver(ctx, key) : null
  }
}
