/** The name report dialog's words: why a name is reported, and why a report failed. */
import type { ReportReason } from '@golf/contract';
import type { ApiFailure } from '../api.ts';
import { errorText } from '../format.ts';
import { m } from '../i18n/index.ts';

/** Why a name may be reported, in the report dialog's words. */
const REPORT_REASON_MESSAGE: Readonly<Record<ReportReason, () => string>> = {
  offensive: m.report_reason_offensive,
  impersonation: m.report_reason_impersonation,
  other: m.report_reason_other,
};
export const reportReasonText = (reason: ReportReason): string => REPORT_REASON_MESSAGE[reason]();

/** A failed report in the dialog's words. */
export function reportFailureText(failure: ApiFailure): string {
  switch (failure.code) {
    case 'ERR_NAME_HIDDEN':
      return m.report_err_hidden();
    case 'ERR_FORBIDDEN':
      return m.report_err_forbidden();
    case 'ERR_RATE_LIMITED':
      return m.report_err_rate();
    case 'ERR_NOT_FOUND':
      return m.report_err_not_found();
    case 'ERR_UNAUTHORIZED':
      return m.report_err_unauthorized();
    case 'ERR_NETWORK':
      return m.report_err_network();
    default:
      return errorText(failure);
  }
}
