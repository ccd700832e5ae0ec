/** The centred eyebrow, h2 and intro that open a content section; the h2's id labels the section. */
export function SectionHeader({
  id,
  eyebrow,
  title,
  intro,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
}) {
  return (
    <div className="section__header">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {intro ? <p className="section__intro">{intro}</p> : null}
    </div>
  );
}
