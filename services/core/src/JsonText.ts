/**
 * A query result already serialized as JSON text. A shard answers it as its body and a batch
 * slot as it is, the router takes it in without parsing it, and an endpoint splices it into its
 * answer: a large page is built once, as text, and never decoded or re-encoded on its way out.
 */
export class JsonText {
  constructor(readonly text: string) {}
}
