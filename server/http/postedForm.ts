/**
 * The article's form as posted: urlencoded, or multipart when it carries a cover file (decision 075). Read
 * from the raw body the console's upload guard took, so one handler takes either.
 */
import type { Request } from 'express';

export interface PostedForm {
  /** Every text field, line ends as typed. */
  fields: Record<string, string>;
  /** The chosen cover file's bytes, or undefined when none was chosen. */
  file?: Uint8Array;
}

/** The form's fields and its file; a body that is neither encoding reads as an empty form. */
export async function readPostedForm(req: Request, fileField: string): Promise<PostedForm> {
  let form: FormData;
  try {
    form = await new Response(Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : '', {
      headers: { 'content-type': req.get('content-type') ?? '' },
    }).formData();
  } catch {
    return { fields: {} };
  }
  const fields: Record<string, string> = {};
  let file: Uint8Array | undefined;
  for (const [name, value] of form) {
    if (typeof value === 'string') fields[name] = value;
    // A file input left empty still posts a part, named "" and empty.
    else if (name === fileField && value.size > 0) file = new Uint8Array(await value.arrayBuffer());
  }
  return file ? { fields, file } : { fields };
}
