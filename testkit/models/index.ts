import { consoleActionModel } from './console/consoleAction.model';
import { consoleRecordModel } from './console/consoleRecord.model';
import { moneyApprovalModel } from './console/moneyApproval.model';
import { moneyRequestModel } from './console/moneyRequest.model';
import { staffChangeApprovalModel } from './console/staffChangeApproval.model';
import { staffSignInModel } from './console/staffSignIn.model';
import { totpEnrolmentModel } from './console/totpEnrolment.model';
import { activitiesModel } from './records/activities.model';
import { appUpdateModel } from './app/appUpdate.model';
import { cardTopUpModel } from './wallet/cardTopUp.model';
import { changePasswordModel } from './account/changePassword.model';
import { changePinModel } from './account/changePin.model';
import { connectivityModel } from './app/connectivity.model';
import { copyToClipboardModel } from './kit/copyToClipboard.model';
import { forgotPasswordModel } from './account/forgotPassword.model';
import { fundingModel } from './wallet/funding.model';
import { humanCheckModel } from './account/humanCheck.model';
import { languageSettingModel } from './account/languageSetting.model';
import { loginModel } from './account/login.model';
import { logoutModel } from './account/logout.model';
import type { MachineModel } from './kit/machineModel';
import { merchantVerificationModel } from './purchases/merchantVerification.model';
import { notMeModel } from './account/notMe.model';
import { notificationsModel } from './notifications/notifications.model';
import { otpCountdownModel } from './account/otpCountdown.model';
import { phoneVerificationModel } from './account/phoneVerification.model';
import { passkeySignInModel } from './account/passkeySignIn.model';
import { passkeysModel } from './account/passkeys.model';
import { pinDialogModel } from './account/pinDialog.model';
import { problemReportModel } from './records/problemReport.model';
import { profileModel } from './account/profile.model';
import { purchaseModel } from './purchases/purchase.model';
import { registerModel } from './account/register.model';
import { resetPasswordModel } from './account/resetPassword.model';
import { resetPinModel } from './account/resetPin.model';
import { scheduleFormModel } from './schedules/scheduleForm.model';
import { schedulesModel } from './schedules/schedules.model';
import { savedBeneficiariesModel } from './purchases/savedBeneficiaries.model';
import { sessionModel } from './app/session.model';
import { setPinModel } from './account/setPin.model';
import { statementsModel } from './records/statements.model';
import { verifyEmailModel } from './account/verifyEmail.model';

/** Every machine's test model, in alphabetical order of name: what `npm run paths` lists and the machine pages cover. */
export const models: MachineModel[] = [
  activitiesModel,
  appUpdateModel,
  cardTopUpModel,
  changePasswordModel,
  changePinModel,
  connectivityModel,
  consoleActionModel,
  consoleRecordModel,
  copyToClipboardModel,
  forgotPasswordModel,
  fundingModel,
  humanCheckModel,
  languageSettingModel,
  loginModel,
  logoutModel,
  merchantVerificationModel,
  moneyApprovalModel,
  moneyRequestModel,
  notificationsModel,
  notMeModel,
  otpCountdownModel,
  phoneVerificationModel,
  passkeysModel,
  passkeySignInModel,
  pinDialogModel,
  problemReportModel,
  profileModel,
  purchaseModel,
  registerModel,
  resetPasswordModel,
  resetPinModel,
  savedBeneficiariesModel,
  scheduleFormModel,
  schedulesModel,
  sessionModel,
  setPinModel,
  staffChangeApprovalModel,
  staffSignInModel,
  statementsModel,
  totpEnrolmentModel,
  verifyEmailModel,
];
