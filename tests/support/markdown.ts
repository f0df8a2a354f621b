/** Reading the repository's Markdown documents: their sections, and the anchors GitHub gives them. */

export interface Section {
  level: number;
  title: string;
  body: string;
}

/** The document cut at its headings; a section's body runs to the next heading of any level. */
export function sectionsOf(markdown: string): Section[] {
  const sections: Section[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6}) (.+)$/.exec(line);
    if (heading) sections.push({ level: heading[1].length, title: heading[2].trim(), body: '' });
    else if (sections.length > 0) sections[sections.length - 1].body += `${line}\n`;
  }
  return sections;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { title } of sectionsOf(markdown)) {
    const slug = slugOf(title);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}
