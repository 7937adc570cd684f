import { useState } from 'react';

import { type QualificationBasis, readDeclaredAmount } from '@/api/contract/store-constants';

/**
 * The qualified-investor declaration as typed: the basis, the amount in 万元 and the truthfulness box.
 * The amount is held against the rule here only to say so early; the server decides.
 */
export function useQualificationForm() {
  const [basis, setBasis] = useState<QualificationBasis | null>(null);
  const [wan, setWan] = useState('');
  const [truthful, setTruthful] = useState(false);
  const { amount, short, bad } = readDeclaredAmount(basis, wan);
  return { basis, setBasis, wan, setWan, truthful, setTruthful, amount, short, bad };
}

/** What the declaration form reads and sets. */
export type QualificationForm = ReturnType<typeof useQualificationForm>;
