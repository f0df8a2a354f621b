import { AppError } from '../../errors';
import type { AppContext } from '../../services/context';

export const CUSTOMER_NOT_FOUND = 'no such customer';

/** The customer a staff action names, or 404. */
export async function existingCustomer(
  ctx: AppContext,
  customerId: bigint,
): Promise<{ id: bigint; name: string; email: string }> {
  const row = await ctx.db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw new AppError(404, CUSTOMER_NOT_FOUND);
  return row;
}
