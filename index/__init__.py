"""Paperwise indexing: papers, chunks, embeddings and the Chroma store."""
