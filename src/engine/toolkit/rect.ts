/** A rectangle on the page, in points from its top-left corner (e.g. the content frame). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
