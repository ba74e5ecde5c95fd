-- | Phase 4: boxed and unboxed arrays of growing sizes, plus a histogram
-- made with accumArray, all kept alive together.
module Leak.Arrays (ArraySet, makeArrays, arraysChecksum) where

import Data.Array (Array, accumArray, listArray, elems, bounds)
import Data.Array.Unboxed (UArray)
import qualified Data.Array.Unboxed as U
import Leak.Work (mix)

data ArraySet = ArraySet
  { boxedRows :: [Array Int [Int]]
  , unboxedRows :: [UArray Int Double]
  , histogram :: Array Int Int
  }

makeArrays :: Int -> ArraySet
makeArrays n = ArraySet boxed unboxed hist
  where
    sizes = [n `div` 16 * k | k <- [1 .. 6]]
    boxed = [listArray (0, s - 1) [[i, i * k] | i <- [0 .. s - 1]] | (k, s) <- zip [1 ..] sizes]
    unboxed = [U.listArray (0, s - 1) [fromIntegral (i * k) / 3 | i <- [0 .. s - 1]] | (k, s) <- zip [1 ..] sizes]
    hist = accumArray (+) 0 (0, 255) [((i * i) `mod` 256, 1) | i <- [1 .. n]]

arraysChecksum :: Int -> ArraySet -> Int
arraysChecksum salt set =
  foldl mix salt
    ( [sum (map sum (elems a)) + snd (bounds a) | a <- boxedRows set]
        ++ [truncate (sum (U.elems a)) | a <- unboxedRows set]
        ++ elems (histogram set) )
