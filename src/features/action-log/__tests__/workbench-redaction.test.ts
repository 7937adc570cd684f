// The action log's redactor over the workbench's personal fields (the workbench's actions through its surface).
import { createRedactor, isPlaceholder } from '@/features/action-log/redact';
import { card } from '@/features/marketing/shared/__tests__/fixtures';
import { handleSubmitted, searchLoaded } from '@/features/marketing/workbench';

describe('action-log redaction of the workbench personal fields', () => {
  const redactor = createRedactor('salt-m');

  it('replaces customer names, masked phones, notes and search keywords', () => {
    const submitted = redactor.value(
      handleSubmitted({
        draft: { target: { card_id: 1 }, outcome: 'follow_up', note: '客户说下周二再谈', nextFollowUp: null },
        customerName: '张*明',
      }),
    ) as { payload: { draft: { note: string }; customerName: string } };
    expect(isPlaceholder(submitted.payload.draft.note)).toBe(true);
    expect(isPlaceholder(submitted.payload.customerName)).toBe(true);

    const found = redactor.value(
      searchLoaded({
        keyword: '张',
        result: {
          customers: [
            {
              customer: card({ card_id: 3 }).customer,
              matched_field: 'name',
              matched_text: '张*明',
              highlight: [[0, 1]],
            },
          ],
          products: [],
          cards: [],
        },
      }),
    );
    const text = JSON.stringify(found);
    expect(text).not.toContain('张*明');
    expect(text).not.toContain('138****5678');
    expect(text).not.toContain('"keyword":"张"');
  });
});
