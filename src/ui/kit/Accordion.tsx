import { useId, useState, type ReactNode } from 'react';
import { ChevronIcon } from './icons';

export interface AccordionItem {
  question: string;
  answer: ReactNode;
}

/** Questions that open one at a time or together; each is a heading with a disclosure button. */
export function Accordion({ items }: { items: AccordionItem[] }) {
  return (
    <div className="accordion">
      {items.map((item) => (
        <AccordionPanel key={item.question} item={item} />
      ))}
    </div>
  );
}

function AccordionPanel({ item }: { item: AccordionItem }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="accordion-item" data-open={open}>
      <h3 className="accordion-heading">
        <button
          type="button"
          id={`${id}-button`}
          className="accordion-button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          <span>{item.question}</span>
          <ChevronIcon />
        </button>
      </h3>
      <div id={`${id}-panel`} role="region" aria-labelledby={`${id}-button`} className="accordion-panel" hidden={!open}>
        {item.answer}
      </div>
    </div>
  );
}
