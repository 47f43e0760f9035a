/** The person a face check is about. */
export interface FaceCheckSubject {
  checkId: string;
  name: string;
  idCard: string;
}

/** What the phone sent from the face-check page: the capture, or (emulator) the outcome to emulate. */
export interface FaceCapture {
  /** The emulator's switch: the outcome its comparison gives. A real provider compares the image. */
  emulate?: 'MATCH' | 'MISMATCH';
}

export type FaceCheckResult = { ok: true } | { ok: false; reason: string };

/**
 * A face-check provider of real-name verification: the legal person opens its page on a phone (our
 * /h5/face), shows their face, and the provider compares it with the ID card's photo of the public
 * security records. The reference server emulates it; a real provider is an HTTP integration.
 */
export interface FaceCheckProvider {
  /** True for the emulator: the h5 page then offers the emulated outcomes. */
  readonly emulated: boolean;
  compare(subject: FaceCheckSubject, capture: FaceCapture): Promise<FaceCheckResult>;
}

/** The emulated provider: the outcome is the one the h5 page asked for (success or failure path). */
export function emulatedFaceCheck(): FaceCheckProvider {
  return {
    emulated: true,
    async compare(_subject, capture) {
      if (capture.emulate === 'MATCH') return { ok: true };
      return { ok: false, reason: '人脸与身份证照片比对不一致' };
    },
  };
}
