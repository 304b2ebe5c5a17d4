import type { Chain, Property, PropertyCatalog } from '../ports/property-catalog.js';
import type { SandboxDataset } from './dataset.js';

/** The catalog port over the sandbox world. */
export class SandboxPropertyCatalog implements PropertyCatalog {
  constructor(private readonly dataset: SandboxDataset) {}

  async listChains(): Promise<readonly Chain[]> {
    return this.dataset.chains;
  }

  async getChain(chainCode: string): Promise<Chain | undefined> {
    return this.dataset.findChain(chainCode);
  }

  async getProperty(propertyCode: string): Promise<Property | undefined> {
    return this.dataset.findProperty(propertyCode)?.property;
  }

  async getProperties(propertyCodes: readonly string[]): Promise<readonly Property[]> {
    return propertyCodes.flatMap((code) => this.dataset.findProperty(code)?.property ?? []);
  }
}
