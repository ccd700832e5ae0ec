/** A lead's notes: each with its author and time, a form to reword it (its earlier wordings kept), and a new one. */
import type { ConsoleUser } from '../../console/kit/ConsoleDocument';
import { CsrfField } from '../../console/kit/ConsoleDocument';
import { LabelledField } from '../../console/kit/LabelledField';
import { LabTime } from '../../console/kit/LabTime';
import type { StaffName } from '../../console/people/names';
import { pipelineCopy } from '../consoleTexts';
import type { LeadDetail } from '../inbox';

interface NotesProps {
  user: ConsoleUser;
  detail: LeadDetail;
  nameOf: StaffName;
  /** A new note, or a note's new wording, that was refused: shown again as typed. */
  draftNote?: string;
  draftEdit?: { id: number; body: string };
}

/** A note's text area: no maxLength, since a browser would cut a longer paste without a word; the server refuses it and keeps it whole. */
function NoteArea({ id, value, label }: { id: string; value?: string; label: string }) {
  return (
    <LabelledField id={id} label={label}>
      <textarea
        className="contact-field__control contact-field__control--area"
        id={id}
        name="body"
        rows={4}
        required
        defaultValue={value}
      />
    </LabelledField>
  );
}

export function Notes({ user, detail, nameOf, draftNote, draftEdit }: NotesProps) {
  const { lead, notes } = detail;
  return (
    <section className="staff-panel card" aria-labelledby="notes-title" id="notes">
      <h2 id="notes-title">Notes</h2>
      {notes.length === 0 ? (
        <p className="staff-muted">No notes yet.</p>
      ) : (
        <ol className="staff-notes">
          {notes.map((note) => {
            const refused = draftEdit?.id === note.id;
            return (
              <li key={note.id} className="staff-note">
                <p className="staff-note__meta">
                  {nameOf(note.staffEmail)}, <LabTime iso={note.createdAt} />
                  {note.edits.length > 0 && `, ${pipelineCopy.noteEdited}`}
                </p>
                <p className="staff-note__body">{note.body}</p>
                {note.edits.length > 0 && (
                  <details className="staff-note__history">
                    <summary>{pipelineCopy.noteHistory}</summary>
                    <ol>
                      {note.edits.map((edit, index) => (
                        <li key={index}>
                          <p className="staff-note__body">{edit.previousBody}</p>
                          <p className="staff-note__meta">
                            replaced by {nameOf(edit.staffEmail)}, <LabTime iso={edit.editedAt} />
                          </p>
                        </li>
                      ))}
                    </ol>
                  </details>
                )}
                <details className="staff-note__edit" open={refused}>
                  <summary>{pipelineCopy.editNote}</summary>
                  <form className="staff-form" method="post" action={`/staff/leads/${lead.id}/notes/${note.id}`}>
                    <CsrfField user={user} />
                    {/* The edits this page showed: a save after someone else's is refused, with its wording kept. */}
                    <input type="hidden" name="was" value={note.edits.length} />
                    <NoteArea id={`note-${note.id}`} label="Note" value={refused ? draftEdit.body : note.body} />
                    <button className="button button--secondary" type="submit">
                      {pipelineCopy.saveNote}
                    </button>
                  </form>
                </details>
              </li>
            );
          })}
        </ol>
      )}
      <form className="staff-form" method="post" action={`/staff/leads/${lead.id}/notes`}>
        <CsrfField user={user} />
        <NoteArea id="note-body" label="Add a note" value={draftNote} />
        <button className="button button--secondary" type="submit">
          Add note
        </button>
      </form>
    </section>
  );
}
