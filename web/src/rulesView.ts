// The rules drawn: each part's heading with the rulebook's IDs it rests on, small, then its words.
// Shown in the table's rules panel and on the page an invite link opens.
import { h } from './dom';
import type { RulesSection } from './rulesText';

export function rulesSectionsView(sections: RulesSection[]): HTMLElement[] {
  return sections.map((s) => h('section', { class: 'rules-part' },
    h('h3', {}, s.title, s.ids.length ? h('small', { class: 'rule-ids', title: 'Where this is in the rulebook (docs/RULES.md)' }, s.ids.join(' · ')) : null),
    s.paragraphs.map((p) => h('p', {}, p))));
}
