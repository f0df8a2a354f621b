import { activitiesModel } from './activities.model';
import { changePasswordModel } from './changePassword.model';
import { changePinModel } from './changePin.model';
import { copyToClipboardModel } from './copyToClipboard.model';
import { forgotPasswordModel } from './forgotPassword.model';
import { fundingModel } from './funding.model';
import { humanCheckModel } from './humanCheck.model';
import { loginModel } from './login.model';
import { logoutModel } from './logout.model';
import type { MachineModel } from './machineModel';
import { merchantVerificationModel } from './merchantVerification.model';
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
  changePasswordModel,
  changePinModel,
  copyToClipboardModel,
  forgotPasswordModel,
  fundingModel,
  humanCheckModel,
  loginModel,
  logoutModel,
  merchantVerificationModel,
  notificationsModel,
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
  statementsModel,
  verifyEmailModel,
];
