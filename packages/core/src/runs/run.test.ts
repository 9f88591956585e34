import { aRun } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { cancelRun, discardRun, isRunStatus, recordRunStatus, RUN_STATUSES, type RunStatus } from './run.ts'

const AT = new Date('2026-02-01T00:00:00.000Z')

// What each status allows, written out rather than read from run.ts so that a change there shows.
const FINAL: readonly RunStatus[] = ['applied', 'discarded', 'errored', 'canceled', 'planned_and_finished']
const DISCARDABLE: readonly RunStatus[] = [
  'pending',
  'planned',
  'cost_estimated',
  'policy_checked',
  'policy_soft_failed',
  'policy_override',
]
const CANCELABLE: readonly RunStatus[] = [
  'plan_queued',
  'planning',
  'confirmed',
  'apply_queued',
  'applying',
  'cost_estimating',
  'policy_checking',
]

describe('run transitions (spec §3 run statuses)', () => {
  it('knows every status of spec §3, and nothing else', () => {
    expect([...RUN_STATUSES].sort()).toEqual(
      [
        'pending',
        'plan_queued',
        'planning',
        'planned',
        'confirmed',
        'apply_queued',
        'applying',
        'applied',
        'discarded',
        'errored',
        'canceled',
        'cost_estimating',
        'cost_estimated',
        'policy_checking',
        'policy_override',
        'policy_soft_failed',
        'policy_checked',
        'planned_and_finished',
      ].sort(),
    )
    expect(RUN_STATUSES.every(isRunStatus)).toBe(true)
    expect(['', 'PLANNED', 'finished', 'planned '].some(isRunStatus)).toBe(false)
  })

  it('every status is final, discardable or cancelable, and only one of them', () => {
    for (const status of RUN_STATUSES) {
      expect([FINAL, DISCARDABLE, CANCELABLE].filter((group) => group.includes(status))).toHaveLength(1)
    }
  })

  describe.each(RUN_STATUSES)('a %s run', (status) => {
    const run = aRun({ status })

    it(DISCARDABLE.includes(status) ? 'may be discarded' : 'cannot be discarded: conflict', () => {
      if (DISCARDABLE.includes(status)) {
        expect(discardRun(run, AT)).toEqual({ ...run, status: 'discarded', statusChangedAt: AT })
      } else {
        expect(() => discardRun(run, AT)).toThrow(expect.objectContaining({ code: 'conflict' }))
      }
    })

    it(CANCELABLE.includes(status) ? 'may be canceled' : 'cannot be canceled: conflict', () => {
      if (CANCELABLE.includes(status)) {
        expect(cancelRun(run, AT)).toEqual({ ...run, status: 'canceled', statusChangedAt: AT })
      } else {
        expect(() => cancelRun(run, AT)).toThrow(expect.objectContaining({ code: 'conflict' }))
      }
    })

    it(FINAL.includes(status) ? 'is final: no status may be recorded, conflict' : 'takes any status an executor reports', () => {
      for (const next of RUN_STATUSES) {
        if (FINAL.includes(status)) {
          expect(() => recordRunStatus(run, next, AT)).toThrow(expect.objectContaining({ code: 'conflict' }))
        } else {
          expect(recordRunStatus(run, next, AT)).toEqual({ ...run, status: next, statusChangedAt: AT })
        }
      }
    })
  })

  it('leaves the original run untouched', () => {
    const run = aRun({ status: 'planned' })
    discardRun(run, AT)
    recordRunStatus(run, 'applying', AT)
    expect(run).toEqual(aRun({ status: 'planned' }))
  })
})
