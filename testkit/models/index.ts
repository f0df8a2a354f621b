import { consoleActionModel } from './consoleAction.model';
import { consoleRecordModel } from './consoleRecord.model';
import { moneyApprovalModel } from './moneyApproval.model';
import { moneyRequestModel } from './moneyRequest.model';
import { staffChangeApprovalModel } from './staffChangeApproval.model';
import { staffSignInModel } from './staffSignIn.model';
import { totpEnrolmentModel } from './totpEnrolment.model';
import { activitiesModel } from './activities.model';
import { appUpdateModel } from './appUpdate.model';
import { cardTopUpModel } from './cardTopUp.model';
import { changePasswordModel } from './changePassword.model';
import { changePinModel } from './changePin.model';
import { connectivityModel } from './connectivity.model';
import { copyToClipboardModel } from './copyToClipboard.model';
import { forgotPasswordModel } from './forgotPassword.model';
import { fundingModel } from './funding.model';
import { humanCheckModel } from './humanCheck.model';
import { loginModel } from './login.model';
import { logoutModel } from './logout.model';
import type { MachineModel } from './machineModel';
import { merchantVerificationModel } from './merchantVerification.model';
import { notMeModel } from './notMe.model';
import { notificationsModel } from './notifications.model';
import { otpCountdownModel } from './otpCountdown.model';
import { pinDialogModel } from './pinDialog.model';
import { problemReportModel } from './problemReport.model';
import { profileModel } from './profile.model';
import { purchaseModel } from './purchase.model';
import { registerModel } from './register.model';
import { resetPasswordModel } from './resetPassword.model';
import { resetPinModel } from './resetPin.model';
import { scheduleFormModel } from './scheduleForm.model';
import { schedulesModel } from './schedules.model';
import { savedBeneficiariesModel } from './savedBeneficiaries.model';
import { sessionModel } from './session.model';
import { setPinModel } from './setPin.model';
import { statementsModel } from './statements.model';
import { verifyEmailModel } from './verifyEmail.model';

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
  loginModel,
  logoutModel,
  merchantVerificationModel,
  moneyApprovalModel,
  moneyRequestModel,
  notificationsModel,
  notMeModel,
  otpCountdownModel,
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
