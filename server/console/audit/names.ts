import type { StaffName } from '../people/names';
import { ASSIGNMENT_ACTOR, COMMAND_ACTOR, SCHEDULE_ACTOR, UNKNOWN_ACTOR } from './record';

const actorWords: Record<string, string> = {
  [SCHEDULE_ACTOR]: 'The article schedule',
  [COMMAND_ACTOR]: 'A staff command on the server',
  [UNKNOWN_ACTOR]: 'An address with no account',
  [ASSIGNMENT_ACTOR]: 'The leads’ assignment rule',
};

/** Who did it, as the log shows them: a person by name, or what acted without one. */
export const actorName = (nameOf: StaffName, actor: string) => actorWords[actor] ?? nameOf(actor);

/** The object with a person named rather than numbered ("person 3" → "Ana Ruiz"). */
export function objectName(object: string, people: ReadonlyMap<number, string>): string {
  const person = /^person (\d+)$/.exec(object);
  return (person && people.get(Number(person[1]))) ?? object;
}
