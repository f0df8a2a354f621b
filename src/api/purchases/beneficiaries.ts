import type {
  DeleteBeneficiaryRequest,
  Envelope,
  ListBeneficiariesRequest,
  RenameBeneficiaryRequest,
  SaveBeneficiaryRequest,
  SavedBeneficiary,
} from '../../../core/contract';
import { callOk } from '../kit/http';

/** Saved beneficiaries of one service category: each rejects with the server's message. */

export const listSavedBeneficiaries = (category: string, signal?: AbortSignal): Promise<Envelope<SavedBeneficiary[]>> =>
  callOk<SavedBeneficiary[]>('/api/beneficiaries/list', { category } satisfies ListBeneficiariesRequest, { signal });

export const saveBeneficiary = (
  request: SaveBeneficiaryRequest,
  signal?: AbortSignal,
): Promise<Envelope<SavedBeneficiary>> => callOk<SavedBeneficiary>('/api/beneficiaries/save', request, { signal });

export const renameBeneficiary = (
  request: RenameBeneficiaryRequest,
  signal?: AbortSignal,
): Promise<Envelope<SavedBeneficiary>> => callOk<SavedBeneficiary>('/api/beneficiaries/rename', request, { signal });

export const deleteBeneficiary = (request: DeleteBeneficiaryRequest, signal?: AbortSignal): Promise<Envelope> =>
  callOk('/api/beneficiaries/delete', request, { signal });
