import { describe, expect, it } from 'vitest'
import {
  centredOffset,
  itemAt,
  layoutItems,
  rangeOf,
} from '../../renderer/components/virtual-layout'

// Five rows of 29 px with a 40 px boundary at position 2: starts 0, 29, 58, 98, 127; height 156.
const estimate = (i: number) => (i === 2 ? 40 : 29)
// Where each item's key is: the boundary's at 2, a row's at its number; -1 for a key no item has.
const at = (k: string | number) => (k === 'boundary' ? 2 : typeof k === 'number' && k < 5 ? k : -1)

describe('the virtual list layout', () => {
  it('starts each item after the heights above it, estimated or measured', () => {
    expect([...layoutItems(5, estimate, new Map(), at).starts]).toEqual([0, 29, 58, 98, 127, 156])
    // Row 1 opened to 100 px: everything below it moves down by 71, and row 1 stays where it was.
    const measured = new Map([[1, 100]])
    expect([...layoutItems(5, estimate, measured, at).starts]).toEqual([0, 29, 129, 169, 198, 227])
    // A key no item has any more (position -1) changes nothing.
    const withGone = new Map<string | number, number>([
      [1, 100],
      [9, 500],
    ])
    expect([...layoutItems(5, estimate, withGone, at).starts]).toEqual([0, 29, 129, 169, 198, 227])
    // The boundary measured at 60 px: the items after it move down by 20.
    expect([...layoutItems(5, estimate, new Map([['boundary', 60]]), at).starts]).toEqual([
      0, 29, 58, 118, 147, 176,
    ])
  })

  it('finds the item at an offset, and the items to draw for a viewport', () => {
    const layout = layoutItems(5, estimate, new Map(), at)
    expect([0, 28, 29, 97, 98, 155, 1000].map((y) => itemAt(layout, y))).toEqual([
      0, 0, 1, 2, 3, 4, 4,
    ])
    // A 50 px viewport at 60 shows items 2 (58–98) and 3 (98–127); one more either side is 1 to 4.
    expect(rangeOf(layout, 60, 50, 1)).toEqual({ first: 1, last: 4 })
    // At 60 to 90 only item 2 is in view.
    expect(rangeOf(layout, 60, 30, 1)).toEqual({ first: 1, last: 3 })
    expect(rangeOf(layoutItems(0, estimate, new Map(), at), 0, 800, 6)).toEqual({
      first: 0,
      last: -1,
    })
  })

  it('centres an item, within the list', () => {
    const layout = layoutItems(5, estimate, new Map(), at)
    // Item 3 spans 98–127, its middle 112.5; a 50 px box starts 25 above that.
    expect(centredOffset(layout, 3, 50)).toBe(87.5)
    // Near either end the offset stops at 0 or at the height less the box.
    expect(centredOffset(layout, 0, 50)).toBe(0)
    expect(centredOffset(layout, 4, 50)).toBe(106)
  })
})
