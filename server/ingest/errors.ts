/** Why an input is refused: printed to the operator as it is; nothing is published. */
export class IngestError extends Error {}
