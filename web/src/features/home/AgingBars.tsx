import { agingBuckets, agingLabels } from '@daftar/domain/accounts'
import { formatCurrency } from '@daftar/domain/format'
import type { HomeMoneySection } from '@daftar/domain/home'
import classes from './home.module.css'

/**
 * What is due by how late it is, as bars scaled to the largest bucket: plain elements, as the repo
 * has no charting library and five bars need none (docs/decisions.md, "The home page").
 */
export function AgingBars({ aging, label }: { aging: HomeMoneySection['aging']; label: string }) {
  const largest = Math.max(...agingBuckets.map((b) => aging[b]), 0)
  return (
    <ul className={classes.aging} aria-label={label}>
      {agingBuckets.map((bucket) => (
        <li key={bucket} className={classes.agingRow} data-bucket={bucket}>
          <span className={classes.agingLabel}>{agingLabels[bucket]}</span>
          <span className={classes.agingTrack} aria-hidden>
            <span
              className={classes.agingBar}
              data-bucket={bucket}
              style={{ width: `${largest > 0 ? (aging[bucket] / largest) * 100 : 0}%` }}
            />
          </span>
          <span className={classes.agingAmount}>{formatCurrency(aging[bucket])}</span>
        </li>
      ))}
    </ul>
  )
}
