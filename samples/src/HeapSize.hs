{-# LANGUAGE BangPatterns #-}
-- | A run for plain +RTS -l (no heap profile): what the collector logs
-- at every GC is all the eventlog holds of the heap (HEAP_SIZE,
-- HEAP_LIVE, HEAP_ALLOCATED and, from GHC 9.2, BLOCKS_SIZE).  Three
-- phases between markers, so the graph shows what each line says: a map
-- grows (live bytes and heap size climb together); the map is dropped
-- and a major GC run (live bytes fall; the heap keeps some of the memory
-- it took); then garbage only (allocation goes on, live bytes stay low,
-- the heap stays the size it is).  About a hundred collections: a small
-- eventlog with GHC's default event classes.
--
-- Run as  heapsize +RTS -l -RTS  (tests/data/plain-l/make).
module Main (main) where

import Control.Exception (evaluate)
import Control.Monad (foldM, forM_)
import qualified Data.Map.Strict as M
import Debug.Trace (traceMarkerIO)
import System.Mem (performMajorGC)

main :: IO ()
main = do
  traceMarkerIO "grow a map"
  m <- foldM (\acc k -> evaluate (M.insert k (show k) acc)) M.empty [1 .. 100000 :: Int]
  traceMarkerIO "drop it"
  size <- evaluate (M.size m)
  performMajorGC
  traceMarkerIO "garbage only"
  forM_ [1 .. 200 :: Int] $ \i -> evaluate (length (concatMap show [i .. i + 5000]))
  performMajorGC
  traceMarkerIO "done"
  print size
