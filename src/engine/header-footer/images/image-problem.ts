/** Why an image cannot be drawn, as a clause for a validation message ("... is not a valid PNG: <reason>"). */
export class ImageProblem extends Error {}

export interface ImageSize {
  width: number;
  height: number;
}
