/**
 * The PKCS#7 (CMS SignedData, detached, SHA-256) that goes into a signature's /Contents.
 *
 * @signpdf's P12Signer opens the PKCS#12 bundle again on every signature (PBKDF2 and AES in
 * JavaScript) and signs with node-forge's JavaScript RSA: about 100 ms a signature, a third of the
 * three-signature budget. Here the bundle is opened once per certificate and process, node-forge
 * still builds the CMS structure (the same one P12Signer builds: content type, signing time and
 * message digest as signed attributes, every certificate of the bundle), and the RSA operation is
 * Node's native one.
 */
import { constants, createPrivateKey, privateEncrypt, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { Signer } from '@signpdf/utils';
import type { SigningCertificate } from '../agreements.signing';

interface OpenedBundle {
  certificates: forge.pki.Certificate[];
  /** The certificate whose public key matches the private key: the signer's. */
  signer: forge.pki.Certificate;
  key: KeyObject;
}

// A memo of the opened bundle, keyed by what it was opened from (the certificate's fingerprint; the
// certificate itself lives in PostgreSQL): each instance opens its own on its first signature, and
// no later request needs this instance's copy. An installation has one certificate, a test run a few.
const opened = new Map<string, OpenedBundle>();

function open(cert: SigningCertificate): OpenedBundle {
  const known = opened.get(cert.fingerprint);
  if (known) return known;
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(cert.p12.toString('binary'))), false, cert.passphrase);
  const certificates = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).map((bag) => bag.cert).filter((c): c is forge.pki.Certificate => !!c);
  const keyBag = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0];
  const forgeKey = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!forgeKey) throw new Error('The signing certificate bundle holds no private key');
  const signer = certificates.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n.compareTo(forgeKey.n) === 0 && pub.e.compareTo(forgeKey.e) === 0;
  });
  if (!signer) throw new Error('The signing certificate bundle holds no certificate of its private key');
  const bundle = { certificates, signer, key: createPrivateKey(forge.pki.privateKeyToPem(forgeKey)) };
  opened.set(cert.fingerprint, bundle);
  return bundle;
}

// DigestInfo prefix of SHA-256 (RFC 8017 section 9.2, note 1): RSASSA-PKCS1-v1_5 signs this plus the hash.
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** A @signpdf Signer with the installation's certificate. */
export class CmsSigner extends Signer {
  private readonly bundle: OpenedBundle;

  constructor(cert: SigningCertificate) {
    super();
    this.bundle = open(cert);
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const { certificates, signer, key } = this.bundle;
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    for (const c of certificates) p7.addCertificate(c);
    // forge computes the digests and the signed attributes; only the RSA step is handed to Node.
    const nativeKey = {
      sign: (md: forge.md.MessageDigest) => privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')])).toString('binary'),
    };
    p7.addSigner({
      key: nativeKey as unknown as forge.pki.rsa.PrivateKey,
      certificate: signer,
      digestAlgorithm: forge.pki.oids.sha256,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}
