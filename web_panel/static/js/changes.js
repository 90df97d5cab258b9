// The table's state as the pages keep it from /api/changes' answers (watch.js asks), pure.

// The table's state after an answer of /api/changes: the whole state it sent, or the one before with what
// changed, and without what is gone.
export function merged(state, answer) {
  if (answer.state) return answer.state;
  const now = {...state, ...answer.changed};
  for (const key of answer.gone) delete now[key];
  return now;
}
